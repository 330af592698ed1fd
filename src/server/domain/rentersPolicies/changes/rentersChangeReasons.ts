import type { RentersChangeKind } from '../../../../machines/rentersPolicyStatus';

// Reference data of GET /v2/renters/cancellation-reasons: the reasons an agent may give for each change flow.
// A constant until the carrier files its own list; a disabled reason is listed (history shows it) but refused.
export interface RentersChangeReason {
  code: string;
  name: string;
  scope: RentersChangeKind;
  isEnabled: boolean;
}

export const RENTERS_CHANGE_REASONS: readonly RentersChangeReason[] = [
  { code: 'CUSTOMER_REQUEST', name: 'Customer request', scope: 'cancel', isEnabled: true },
  { code: 'NON_PAYMENT', name: 'Non-payment of premium', scope: 'cancel', isEnabled: true },
  { code: 'MOVED_OUT', name: 'Moved out of the rental', scope: 'cancel', isEnabled: true },
  { code: 'DUPLICATE_COVERAGE', name: 'Covered by another policy', scope: 'cancel', isEnabled: true },
  { code: 'UNDERWRITING', name: 'Underwriting reasons', scope: 'cancel', isEnabled: true },
  { code: 'RATE_DISPUTE', name: 'Disputed rate (no longer used)', scope: 'cancel', isEnabled: false },
  { code: 'UNDERWRITING', name: 'Underwriting reasons', scope: 'discontinue', isEnabled: true },
  { code: 'CUSTOMER_REQUEST', name: 'Customer request', scope: 'discontinue', isEnabled: true },
  {
    code: 'PROGRAM_WITHDRAWN',
    name: 'Program withdrawn from the state',
    scope: 'discontinue',
    isEnabled: true,
  },
  { code: 'PAYMENT_RECEIVED', name: 'Premium paid in full', scope: 'reinstate', isEnabled: true },
  { code: 'CANCELLED_IN_ERROR', name: 'Cancelled in error', scope: 'reinstate', isEnabled: true },
  { code: 'CUSTOMER_REQUEST', name: 'Customer request', scope: 'reinstate', isEnabled: true },
];

// Null when the reason may be given for the flow, else why not.
export function reasonRefusal(kind: RentersChangeKind, code: string): string | null {
  const reason = RENTERS_CHANGE_REASONS.find((r) => r.scope === kind && r.code === code);
  if (!reason) return `The reason code ${code} is not a ${kind} reason.`;
  if (!reason.isEnabled) return `The reason code ${code} is no longer in use.`;
  return null;
}
