import { sql } from 'kysely';
import { transition } from 'xstate';
import { billingAccountMachine, type BillingAccountEvent } from '../../../machines/billingAccount';
import { type ProjectionSpec, type StoredEvent, type Trx } from '../../store/eventStore';
import type {
  BillingOpened,
  ChargeAdded,
  Closed,
  InstalmentCollected,
  InstalmentDeclined,
  Lapsed,
  PaymentMethodChanged,
  Reinstated,
  RefundRecorded,
  ScheduledCharge,
  TermScheduled,
} from './billingEvents';
import { BILLING_STREAM, refOfStreamId } from './policyRef';
import { refundLedgerMoves } from './refundLedgerMoves';

// billing_accounts, billing_instalments and billing_refunds from a policy's billing stream. The account's
// state is the statechart's, stepped from the stored one, so the read side never disagrees with the rules.
async function project(trx: Trx, event: StoredEvent): Promise<void> {
  const ref = refOfStreamId(event.streamId);
  const account = trx
    .updateTable('billing_accounts')
    .where('line', '=', ref.line)
    .where('policy_number', '=', ref.policyNumber);
  const instalment = (seq: number) =>
    trx
      .updateTable('billing_instalments')
      .where('line', '=', ref.line)
      .where('policy_number', '=', ref.policyNumber)
      .where('seq', '=', seq);
  const insertCharges = async (charges: readonly ScheduledCharge[]) => {
    if (charges.length === 0) return;
    await trx
      .insertInto('billing_instalments')
      .values(
        charges.map((c) => ({
          line: ref.line,
          policy_number: ref.policyNumber,
          seq: c.seq,
          kind: c.kind,
          description: c.description,
          due_date: c.dueDate,
          amount_cents: c.amountCents,
          status: 'scheduled',
          collect_on: c.dueDate,
        })),
      )
      .execute();
  };

  if (event.type === 'billing.opened') {
    const d = event.data as unknown as BillingOpened;
    const first = d.firstCollected ? d.instalments[0] : undefined;
    const firstCents = first?.amountCents ?? 0;
    await trx
      .insertInto('billing_accounts')
      .values({
        line: ref.line,
        policy_number: ref.policyNumber,
        state: 'current',
        entity_id: d.entityId,
        customer_id: d.customerId,
        plan: d.plan,
        token: d.payment.token,
        method: d.payment.method,
        last4: d.payment.last4,
        term_effective: d.effectiveDate,
        term_expiration: d.expirationDate,
        billed_cents: firstCents,
        collected_cents: firstCents,
      })
      .execute();
    await insertCharges(d.instalments);
    if (first && d.firstCollected) {
      await instalment(first.seq)
        .set({
          status: 'paid',
          billed: true,
          attempts: 1,
          collect_on: null,
          charge_id: d.firstCollected.chargeId,
          paid_on: d.firstCollected.collectedOn,
        })
        .execute();
    }
    return;
  }

  const row = await trx
    .selectFrom('billing_accounts')
    .select('state')
    .where('line', '=', ref.line)
    .where('policy_number', '=', ref.policyNumber)
    .executeTakeFirstOrThrow();
  const machineEvent = {
    type: event.type,
    settlesArrears: event.data.settlesArrears === true,
  } as BillingAccountEvent;
  const [next] = transition(
    billingAccountMachine,
    billingAccountMachine.resolveState({ value: row.state }),
    machineEvent,
  );
  const state = String(next.value);
  const billedBefore = async (seq: number) =>
    (
      await trx
        .selectFrom('billing_instalments')
        .select('billed')
        .where('line', '=', ref.line)
        .where('policy_number', '=', ref.policyNumber)
        .where('seq', '=', seq)
        .executeTakeFirstOrThrow()
    ).billed;

  switch (event.type) {
    case 'billing.instalmentCollected': {
      const d = event.data as unknown as InstalmentCollected;
      const newlyBilled = !(await billedBefore(d.seq));
      await instalment(d.seq)
        .set({
          status: 'paid',
          billed: true,
          attempts: d.attempt,
          collect_on: null,
          charge_id: d.chargeId,
          paid_on: d.collectedOn,
          last_reason: null,
        })
        .execute();
      await account
        .set((eb) => ({
          state,
          billed_cents: eb('billed_cents', '+', newlyBilled ? d.amountCents : 0),
          collected_cents: eb('collected_cents', '+', d.amountCents),
          ...(d.settlesArrears && state === 'current' && { first_missed_on: null }),
        }))
        .execute();
      return;
    }
    case 'billing.instalmentDeclined': {
      const d = event.data as unknown as InstalmentDeclined;
      const newlyBilled = !(await billedBefore(d.seq));
      await instalment(d.seq)
        .set({
          status: d.retryOn ? 'declined' : 'failed',
          billed: true,
          attempts: d.attempt,
          collect_on: d.retryOn,
          last_reason: d.reason,
        })
        .execute();
      const due = await trx
        .selectFrom('billing_instalments')
        .select('due_date')
        .where('line', '=', ref.line)
        .where('policy_number', '=', ref.policyNumber)
        .where('seq', '=', d.seq)
        .executeTakeFirstOrThrow();
      await account
        .set((eb) => ({
          state,
          billed_cents: eb('billed_cents', '+', newlyBilled ? d.amountCents : 0),
          first_missed_on: sql<string>`coalesce(first_missed_on, ${due.due_date})`,
        }))
        .execute();
      return;
    }
    case 'billing.chargeAdded':
      await insertCharges([event.data as unknown as ChargeAdded]);
      await account.set({ state }).execute();
      return;
    case 'billing.termScheduled': {
      const d = event.data as unknown as TermScheduled;
      await insertCharges(d.instalments);
      await account
        .set({ state, term_effective: d.effectiveDate, term_expiration: d.expirationDate })
        .execute();
      return;
    }
    case 'billing.refundRecorded': {
      const d = event.data as unknown as RefundRecorded;
      const before = await trx
        .selectFrom('billing_refunds')
        .select('outcome')
        .where('line', '=', ref.line)
        .where('policy_number', '=', ref.policyNumber)
        .where('key', '=', d.key)
        .executeTakeFirst();
      await trx
        .insertInto('billing_refunds')
        .values({
          line: ref.line,
          policy_number: ref.policyNumber,
          key: d.key,
          amount_cents: d.amountCents,
          outcome: d.outcome,
          refund_id: d.refundId,
          reason: d.reason,
        })
        .onConflict((oc) =>
          oc.columns(['line', 'policy_number', 'key']).doUpdateSet({
            outcome: d.outcome,
            refund_id: d.refundId,
            reason: d.reason,
          }),
        )
        .execute();
      // A refund returns premium the policy no longer earns: billed drops when it is first recorded, and the
      // money counts as refunded once the payment service has sent it.
      const moves = refundLedgerMoves(before, d);
      await account
        .set((eb) => ({
          state,
          billed_cents: eb('billed_cents', '-', moves.returnedCents),
          refunded_cents: eb('refunded_cents', '+', moves.sentCents),
        }))
        .execute();
      return;
    }
    case 'billing.paymentMethodChanged': {
      const { payment } = event.data as unknown as PaymentMethodChanged;
      await account
        .set({ state, token: payment.token, method: payment.method, last4: payment.last4 })
        .execute();
      return;
    }
    case 'billing.lapsed': {
      const d = event.data as unknown as Lapsed;
      await account.set({ state, lapsed_on: d.on }).execute();
      // A lapsed policy is not charged by the run; only a late payment taken by staff collects.
      await trx
        .updateTable('billing_instalments')
        .set({ collect_on: null })
        .where('line', '=', ref.line)
        .where('policy_number', '=', ref.policyNumber)
        .where('status', 'in', ['scheduled', 'declined'])
        .execute();
      return;
    }
    case 'billing.reinstated': {
      const d = event.data as unknown as Reinstated;
      await account.set({ state, lapsed_on: null, first_missed_on: null }).execute();
      await trx
        .updateTable('billing_instalments')
        .set((eb) => ({ collect_on: eb.ref('due_date') }))
        .where('line', '=', ref.line)
        .where('policy_number', '=', ref.policyNumber)
        .where('status', '=', 'scheduled')
        .where('due_date', '>', d.on)
        .execute();
      return;
    }
    case 'billing.closed': {
      const d = event.data as unknown as Closed;
      if (d.voided.length > 0) {
        const unbilled = await trx
          .selectFrom('billing_instalments')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), sql<string>`0`).as('cents'))
          .where('line', '=', ref.line)
          .where('policy_number', '=', ref.policyNumber)
          .where('seq', 'in', d.voided)
          .where('billed', '=', true)
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('billing_instalments')
          .set({ status: 'void', billed: false, collect_on: null })
          .where('line', '=', ref.line)
          .where('policy_number', '=', ref.policyNumber)
          .where('seq', 'in', d.voided)
          .execute();
        // A voided bill is owed no more: the arrears run from the earliest bill still missed, if any (a
        // reinstated policy's grace counts from what it still owes, docs/billing.md "The daily run").
        const missed = await trx
          .selectFrom('billing_instalments')
          .select((eb) => eb.fn.min<string>('due_date').as('first'))
          .where('line', '=', ref.line)
          .where('policy_number', '=', ref.policyNumber)
          .where('status', 'in', ['declined', 'failed'])
          .executeTakeFirst();
        await account
          .set((eb) => ({
            billed_cents: eb('billed_cents', '-', Number(unbilled.cents)),
            first_missed_on: missed?.first ?? null,
          }))
          .execute();
      }
      await account.set({ state }).execute();
      return;
    }
    default:
      await account.set({ state }).execute();
  }
}

export const billingProjection: ProjectionSpec = { streamType: BILLING_STREAM, each: project };
