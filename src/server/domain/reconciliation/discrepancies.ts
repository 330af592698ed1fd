import type { DiscrepancyKind } from '../../../api/schemas/reconciliation';
import type { BusinessDate } from '../../../calendar';
import type { PolicyLine } from '../billing/policyRef';

export type { DiscrepancyKind };

// What the daily reconciliation finds (docs/reconciliation.md): one line per fault, on the policy it concerns,
// with the two amounts that disagree and what a person should do about it.
export interface Discrepancy {
  kind: DiscrepancyKind;
  line: PolicyLine;
  policyNumber: string;
  // What the money should be by the side taken as the truth (the payment service, the price sold, the
  // cancellation's figures), and what was found; null when there is nothing to count on that side.
  expectedCents: number | null;
  foundCents: number | null;
  // Which record it is about and what to do, in words.
  message: string;
  // What the fault is, for the faults older versions left that `npm run correct-billing` corrects
  // (docs/reconciliation.md "Correcting what older versions billed"); absent on the others.
  fault?: Fault;
}

export type Fault =
  // A pet's instalments due that day are not its share of the purchase (a second pet billed the first's).
  | { cause: 'shareOfPurchase'; dueDate: BusinessDate }
  // A cancellation counted less collected than billing collected for the term; `shortfallCents` more is owed
  // back to the customer beyond what its refund and any correction returned.
  | { cause: 'collectedUndercounted'; shortfallCents: number }
  // Billing's own change (a lapse, a late payment's reinstatement) stated a settlement that never moved.
  | {
      cause: 'ownSettlement';
      changeType: string;
      changeVersion: number;
      kind: 'refund' | 'charge';
      amountCents: number;
      // A refund recorded on the billing stream for it that sent nothing, to withdraw.
      pendingRefundKey: string | null;
    };

// Whole dollars and cents as a person reads them in a message.
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const [whole, part] = (Math.abs(cents) / 100).toFixed(2).split('.') as [string, string];
  return `${sign}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${part}`;
}

// A stable order for the list and the command's output: by line, policy, then kind.
export function byPolicy(a: Discrepancy, b: Discrepancy): number {
  return (
    a.line.localeCompare(b.line) ||
    a.policyNumber.localeCompare(b.policyNumber) ||
    a.kind.localeCompare(b.kind) ||
    a.message.localeCompare(b.message)
  );
}
