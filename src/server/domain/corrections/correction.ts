import type { Clock } from '../../../calendar';
import type { Db } from '../../store/db';
import type { EventActor } from '../../store/eventStore';
import type { PolicyLine } from '../billing/policyRef';
import type { PaymentAdapter } from '../payments/paymentAdapter';

// One correction of what an older version billed (docs/reconciliation.md "Correcting what older versions
// billed"): what was wrong on which policy, what the correction does, the money it sends back, and the step
// that records it.
export interface Correction {
  line: PolicyLine;
  policyNumber: string;
  // What was wrong and what the correction does, in words.
  text: string;
  // Money sent back to the customer by the correction (0 when it only restates or voids a record).
  refundCents: number;
  // Money the ledger's billed no longer counts as returned (a withdrawn refund that was never owed).
  withdrawnCents: number;
  apply(ctx: CorrectionContext): Promise<string>;
}

export interface CorrectionContext {
  db: Db;
  payments: PaymentAdapter;
  // The business clock: corrections are dated by it.
  clock: Clock;
  actor: EventActor;
  log?: { warn(details: object, message: string): void };
}
