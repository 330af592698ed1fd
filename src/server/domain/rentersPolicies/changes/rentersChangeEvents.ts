import type { ChangePreview, Settlement } from '../../../../machines/rentersPolicyChangeContext';
import type { RentersChangeKind } from '../../../../machines/rentersPolicyStatus';
import type { StoredEvent } from '../../../store/eventStore';

// The event each flow's commit appends; its data carries the machine's fields, the request (reason, note,
// fingerprint) and every figure of the preview, so a repeated commit answers from it.
export const CHANGE_EVENT: Readonly<Record<RentersChangeKind, string>> = {
  cancel: 'renters.cancelled',
  discontinue: 'renters.discontinued',
  reinstate: 'renters.reinstated',
};

// What every change event's data holds besides its flow's own fields.
export interface RentersChangeData {
  reasonCode: string;
  note: string | null;
  fingerprint: string;
  effectiveDate: string;
  settlement: Settlement;
  feesCents: number;
  newState: ChangePreview['newState'];
  newStatusCode: ChangePreview['newStatusCode'];
  commissionClawbackCents: number;
}

// renters.settled: the money a committed change moved, as the payment service answered (or PENDING when
// nothing collects it yet).
export interface RentersSettledData {
  kind: 'refund' | 'charge';
  amountCents: number;
  reference: string | null;
  status: 'SUCCEEDED' | 'FAILED' | 'PENDING';
  transactionDate: string;
  // The change event (its type and version) that the money settles.
  changeType: string;
  changeVersion: number;
}

export const changeEventsOf = (kind: RentersChangeKind, events: readonly StoredEvent[]) =>
  events.filter((e) => e.type === CHANGE_EVENT[kind]);

// The fingerprints of this flow's committed changes, by which a repeated commit is recognised.
export function committedFingerprints(kind: RentersChangeKind, events: readonly StoredEvent[]): string[] {
  return changeEventsOf(kind, events)
    .map((e) => (e.data as Partial<RentersChangeData>).fingerprint)
    .filter((f): f is string => typeof f === 'string');
}

export function previewOfEvent(event: StoredEvent): ChangePreview {
  const d = event.data as unknown as RentersChangeData;
  return {
    fingerprint: d.fingerprint,
    effectiveDate: d.effectiveDate,
    settlement: d.settlement,
    feesCents: d.feesCents,
    newState: d.newState,
    newStatusCode: d.newStatusCode,
    commissionClawbackCents: d.commissionClawbackCents,
  };
}
