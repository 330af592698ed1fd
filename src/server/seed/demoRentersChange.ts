import type { Clock } from '../../calendar';
import type { ChangeInputs } from '../../machines/rentersPolicyChangeContext';
import { changeFingerprint } from '../../machines/rentersPolicyChangeContext';
import type { RentersChangeKind } from '../../machines/rentersPolicyStatus';
import { createSandboxPaymentAdapter } from '../domain/payments/sandboxPaymentAdapter';
import { appendToRentersPolicy } from '../domain/rentersPolicies/appendToRentersPolicy';
import { decideChange } from '../domain/rentersPolicies/changes/decideRentersChange';
import { loadRentersPolicyForChange } from '../domain/policyMoney/loadRentersPolicyForChange';
import { billRentersChange } from '../domain/policyMoney/rentersChangeBilling';
import { settleRentersChange } from '../domain/policyMoney/settleRentersChange';
import type { Db } from '../store/db';
import type { EventActor, EventMetadata, Trx } from '../store/eventStore';

// A demo policy's cancellation or non-renewal on `day`, as a commit of the change flow makes it
// (docs/decisions/008): the figures and event the flow decides, the billing it settles in the same
// transaction, then the money moved through the sandbox payment service (a refund to the sale's charge), all
// dated by the clock. So the demo cannot drift from what a commit records, and its refunds succeed.
export async function commitDemoChange(
  db: Db,
  metadata: EventActor,
  policyNumber: string,
  kind: RentersChangeKind,
  inputs: ChangeInputs,
  day: string,
  clock: Clock,
): Promise<void> {
  const dated = { ...metadata, at: clock.now() };
  const appended = await db.transaction().execute(async (trx) => {
    const policy = await loadRentersPolicyForChange(trx, policyNumber, day);
    const fingerprint = changeFingerprint({ ...inputs, kind, policyNumber });
    const decided = decideChange(kind, policy, inputs, fingerprint, day);
    const stored = (await appendToRentersPolicy(trx, dated, policyNumber, [decided.event], day)).at(-1)!;
    await billRentersChange(
      trx,
      {
        kind,
        policyNumber,
        version: stored.version,
        settlement: decided.preview.settlement,
        undoneBalanceDueTo: null,
      },
      day,
      dated,
      stored.recordedAt,
    );
    return stored;
  });
  const payments = createSandboxPaymentAdapter({ db, now: () => clock.now() });
  await settleRentersChange({ db, metadata: dated, payments, clock }, policyNumber, appended, day);
}

// The change's event alone, in the caller's transaction, with no billing and no money: for tests that need a
// policy's history (a cancellation on a day) without its settlement. `recordedAt` dates it on an earlier day.
export async function recordDemoChange(
  trx: Trx,
  metadata: EventMetadata,
  policyNumber: string,
  kind: RentersChangeKind,
  inputs: ChangeInputs,
  day: string,
  recordedAt?: Date,
): Promise<void> {
  const policy = await loadRentersPolicyForChange(trx, policyNumber, day);
  const fingerprint = changeFingerprint({ ...inputs, kind, policyNumber });
  const { event } = decideChange(kind, policy, inputs, fingerprint, day);
  await appendToRentersPolicy(
    trx,
    metadata,
    policyNumber,
    [{ ...event, ...(recordedAt && { recordedAt }) }],
    day,
  );
}
