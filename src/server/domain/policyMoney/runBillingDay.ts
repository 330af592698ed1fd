import { sql } from 'kysely';
import { addDays, type BusinessDate, type Clock } from '../../../calendar';
import { DUNNING } from '../../../machines/billingAccount';
import type { Db } from '../../store/db';
import type { EventActor } from '../../store/eventStore';
import type { PaymentAdapter } from '../payments/paymentAdapter';
import { appendBilling } from '../billing/billingCommands';
import { billingEvent } from '../billing/billingEvents';
import { collectInstalment, type DueInstalment } from '../billing/collectInstalment';
import { cancelForNonPayment, NON_PAYMENT } from './policyStanding';
import { renewalPaymentCollected } from './renewalPaymentCollected';
import type { PolicyLine, PolicyRef } from '../billing/policyRef';

export interface BillingDayContext {
  db: Db;
  payments: PaymentAdapter;
  clock: Clock;
  businessDate: BusinessDate;
  log?: { warn(details: object, message: string): void };
}

export interface BillingDaySummary {
  charged: number;
  declined: number;
  lapsed: number;
  closed: number;
  [key: string]: number;
}

// The system acts: no user, no entity.
const SYSTEM: EventActor = { userId: null, entityId: null, requestId: null };
const BATCH = 1_000;

// Policies worked side by side: the payment service is another system, and its answers (and each policy's
// transaction) are waited for together rather than one after another. One policy's instalments are charged
// one after another, in order, as before. Each holds at most one connection at a time.
export const CHARGE_CONCURRENCY = 8;

async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CHARGE_CONCURRENCY, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) await work(items[i]!);
    }),
  );
}

// The day's billing (docs/billing.md): accounts whose policy ended are closed, past-due accounts whose grace
// period is over lapse (the policy is cancelled for non-payment), lapses whose reinstatement window closed are
// closed, and then every instalment due on or before the day is charged, in batches found by one indexed
// query. Run twice for one day it charges nothing twice: a charged instalment is paid or waits for its next
// retry day, and each attempt's idempotency key names the policy, the instalment and the attempt.
export async function runBillingDay(ctx: BillingDayContext): Promise<BillingDaySummary> {
  const { db, businessDate: day } = ctx;
  const recordedAt = ctx.clock.now();
  const summary: BillingDaySummary = { charged: 0, declined: 0, lapsed: 0, closed: 0 };
  const append = (ref: PolicyRef, events: Parameters<typeof appendBilling>[2]) =>
    db
      .transaction()
      .execute((trx) => appendBilling(trx, ref, events, { ...SYSTEM, at: recordedAt }, recordedAt));
  // Only instalments are voided: an extra charge (a balance due, a reinstatement charge) is still owed when
  // the account closes, and a closed account's extra charges are still collected.
  const unpaidSeqs = async (ref: PolicyRef, statuses: string[]) =>
    (
      await db
        .selectFrom('billing_instalments')
        .select('seq')
        .where('line', '=', ref.line)
        .where('policy_number', '=', ref.policyNumber)
        .where('kind', '=', 'instalment')
        .where('status', 'in', statuses)
        .execute()
    ).map((r) => r.seq);

  // Policies that ended (cancelled by a person, expired) and terms that are over bill nothing more.
  const ended = await sql<{ line: PolicyLine; policy_number: string; reason: string }>`
    select a.line, a.policy_number,
           case when a.term_expiration <= ${day} then 'termEnded' else 'policyEnded' end as reason
      from billing_accounts a
      left join policies p on a.line = 'pet' and p.policy_number = a.policy_number
      left join renters_policies r on a.line = 'renters' and r.policy_number = a.policy_number
     where a.state in ('current', 'pastDue')
       and (a.term_expiration <= ${day}
            or (a.line = 'pet' and p.cancel_effective_date is not null
                and to_char(p.cancel_effective_date, 'YYYY-MM-DD') <= ${day})
            or (a.line = 'renters' and r.machine_state in ('cancelled', 'expired', 'rewritten')))`.execute(
    db,
  );
  await inParallel(ended.rows, async (row) => {
    const ref = { line: row.line, policyNumber: row.policy_number };
    const voided = await unpaidSeqs(ref, ['scheduled']);
    await append(ref, [
      billingEvent.closed({ on: day, reason: row.reason as 'termEnded' | 'policyEnded', voided }),
    ]);
    summary.closed += 1;
  });

  // Grace over: the policy lapses, cancelled for non-payment from its first missed due date.
  const graceFrom = addDays(day, -DUNNING.graceDays);
  const overdue = await db
    .selectFrom('billing_accounts')
    .select(['line', 'policy_number', 'first_missed_on'])
    .where('state', '=', 'pastDue')
    .where('first_missed_on', '<=', graceFrom)
    .execute();
  for (const row of overdue) {
    const ref = { line: row.line as PolicyLine, policyNumber: row.policy_number };
    await db.transaction().execute(async (trx) => {
      await appendBilling(
        trx,
        ref,
        [billingEvent.lapsed({ on: day, firstMissedOn: row.first_missed_on!, reason: NON_PAYMENT })],
        { ...SYSTEM, at: recordedAt },
        recordedAt,
      );
      // Dated by the run's clock, as its billing events are (a moved clock's day, not the database's).
      await cancelForNonPayment(trx, ref, row.first_missed_on!, day, { ...SYSTEM, at: recordedAt });
    });
    summary.lapsed += 1;
  }

  // Reinstatement window over: the lapse is final, and the unpaid instalments of periods the policy no
  // longer covered are not owed.
  const windowFrom = addDays(day, -DUNNING.reinstatementDays);
  const final = await db
    .selectFrom('billing_accounts')
    .select(['line', 'policy_number'])
    .where('state', '=', 'lapsed')
    .where('lapsed_on', '<=', windowFrom)
    .execute();
  await inParallel(final, async (row) => {
    const ref = { line: row.line as PolicyLine, policyNumber: row.policy_number };
    const voided = await unpaidSeqs(ref, ['scheduled', 'declined', 'failed']);
    await append(ref, [billingEvent.closed({ on: day, reason: 'reinstatementWindowClosed', voided })]);
    summary.closed += 1;
  });

  // Everything due on or before the day, in batches, in (line, policy, seq) order.
  let after: [string, string, number] = ['', '', 0];
  for (;;) {
    const batch = await db
      .selectFrom('billing_instalments as i')
      .innerJoin('billing_accounts as a', (j) =>
        j.onRef('a.line', '=', 'i.line').onRef('a.policy_number', '=', 'i.policy_number'),
      )
      .select([
        'i.line',
        'i.policy_number',
        'i.seq',
        'i.due_date',
        'i.amount_cents',
        'i.attempts',
        'a.token',
        'a.customer_id',
        'a.first_missed_on',
      ])
      .where('i.status', 'in', ['scheduled', 'declined'])
      .where('i.collect_on', '<=', day)
      .where((eb) =>
        eb.or([
          eb('a.state', 'in', ['current', 'pastDue']),
          eb.and([eb('a.state', '=', 'closed'), eb('i.kind', '!=', 'instalment')]),
        ]),
      )
      .where(sql<boolean>`(i.line, i.policy_number, i.seq) > (${after[0]}, ${after[1]}, ${after[2]})`)
      .orderBy('i.line')
      .orderBy('i.policy_number')
      .orderBy('i.seq')
      .limit(BATCH)
      .execute();
    // The batch is in (line, policy, seq) order: each policy's rows are together, and are charged in order.
    const policies: (typeof batch)[] = [];
    for (const row of batch) {
      const group = policies.at(-1);
      if (group?.[0]!.line === row.line && group[0].policy_number === row.policy_number) group.push(row);
      else policies.push([row]);
    }
    const charge = async (row: (typeof batch)[number]) => {
      const due: DueInstalment = {
        ref: { line: row.line as PolicyLine, policyNumber: row.policy_number },
        seq: row.seq,
        dueDate: row.due_date,
        amountCents: row.amount_cents,
        attempts: row.attempts,
        token: row.token,
        customerId: row.customer_id,
        firstMissedOn: row.first_missed_on,
      };
      try {
        const outcome = await collectInstalment(
          {
            db,
            payments: ctx.payments,
            metadata: { ...SYSTEM, at: recordedAt },
            recordedAt,
            afterCollected: renewalPaymentCollected,
          },
          due,
          day,
        );
        if (outcome === 'collected') summary.charged += 1;
        if (outcome === 'declined') summary.declined += 1;
      } catch (error) {
        // One policy's trouble (a refused transition, a race) does not stop the others; the next run tries again.
        ctx.log?.warn({ policy: due.ref, seq: due.seq, err: error }, 'billing: instalment not recorded');
      }
    };
    await inParallel(policies, async (rows) => {
      for (const row of rows) await charge(row);
    });
    if (batch.length < BATCH) break;
    const last = batch.at(-1)!;
    after = [last.line, last.policy_number, last.seq];
  }
  return summary;
}
