import { sql } from 'kysely';
import { addDays, MovableClock, startOfBusinessDay, type BusinessDate } from '../../src/calendar';
import { ledgerFrom } from '../../src/server/domain/billing/ledger';
import { CHARGE_CONCURRENCY, runBillingDay } from '../../src/server/domain/policyMoney/runBillingDay';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import { runBusinessDays } from '../../src/server/jobs/dailySchedule';
import type { DailyWork, DailyWorkSummary } from '../../src/server/jobs/dailyWork';
import { DAILY_WORK } from '../../src/server/jobs/dailyWorkList';
import type { Db } from '../../src/server/store/db';
import type { BenchServer } from './benchServer';
import type { Figure } from './budgets';

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const REFERENCE_CHARGES = 2_000;
const silentLog = { info: () => {}, warn: () => {} };

// A moment in the business day `day`, just after the runner would start its work.
const early = (day: BusinessDate) => new Date(startOfBusinessDay(day).getTime() + 60_000);

// The large book's accounts (its agencies' codes end in -LG).
const largeAccounts = (db: Db) =>
  db
    .selectFrom('billing_accounts as a')
    .innerJoin('entities as e', 'e.id', 'a.entity_id')
    .where('e.entity_code', 'like', '%-LG');

// The first day the large book has not billed: the earliest day an instalment of an open account waits for.
async function firstUnbilledDay(db: Db): Promise<BusinessDate | null> {
  const row = await largeAccounts(db)
    .innerJoin('billing_instalments as i', (j) =>
      j.onRef('i.line', '=', 'a.line').onRef('i.policy_number', '=', 'a.policy_number'),
    )
    .where('a.state', 'in', ['current', 'pastDue'])
    .where('i.status', 'in', ['scheduled', 'declined'])
    .select((eb) => eb.fn.min('i.collect_on').as('day'))
    .executeTakeFirst();
  return (row?.day as BusinessDate | null | undefined) ?? null;
}

// Instalments the day's run will try (the run's own conditions, runBillingDay), counted: all of them, and
// those of the large book due on the day itself.
async function dueOn(db: Db, day: BusinessDate): Promise<{ all: number; large: number }> {
  const row = await db
    .selectFrom('billing_instalments as i')
    .innerJoin('billing_accounts as a', (j) =>
      j.onRef('a.line', '=', 'i.line').onRef('a.policy_number', '=', 'i.policy_number'),
    )
    .innerJoin('entities as e', 'e.id', 'a.entity_id')
    .where('i.status', 'in', ['scheduled', 'declined'])
    .where('i.collect_on', '<=', day)
    .where((eb) =>
      eb.or([
        eb('a.state', 'in', ['current', 'pastDue']),
        eb.and([eb('a.state', '=', 'closed'), eb('i.kind', '!=', 'instalment')]),
      ]),
    )
    .select((eb) => [
      eb.fn.countAll<string>().as('n'),
      eb.fn
        .count<string>(sql`case when e.entity_code like '%-LG' and i.collect_on = ${day} then 1 end`)
        .as('large'),
    ])
    .executeTakeFirstOrThrow();
  return { all: Number(row.n), large: Number(row.large) };
}

// The reference: the sandbox payment service's charge alone (a new idempotency key each, on a card of the
// book), REFERENCE_CHARGES of them at the run's concurrency. Every instalment the run collects costs one such
// charge; the rest of its time is the billing stream's event and its projection.
async function chargesPerSecond(db: Db, clock: MovableClock): Promise<number> {
  const payments = createSandboxPaymentAdapter({ db, now: () => clock.now() });
  const card = await largeAccounts(db)
    .where('a.token', 'is not', null)
    .select('a.token')
    .limit(1)
    .executeTakeFirstOrThrow();
  const run = Date.now().toString(36);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CHARGE_CONCURRENCY }, async () => {
      for (let i = next++; i < REFERENCE_CHARGES; i = next++) {
        const answer = await payments.charge({
          token: card.token!,
          amountCents: 1_000,
          idempotencyKey: `bench:reference:${run}:${i}`,
        });
        if (answer.outcome !== 'ok') throw new Error(`The reference charge was declined: ${answer.reason}`);
      }
    }),
  );
  return REFERENCE_CHARGES / ((performance.now() - started) / 1000);
}

// The daily billing run (runBillingDay, as the daily work calls it) on the first day the book has not billed,
// with a clock standing on that day: instalments charged per second and the whole run's time (issue's budget:
// at most 60 s on the large PostgreSQL book). The book was billed to that day by its generator, so the run
// charges that day's instalments (and what the demo's own policies owe), closes the terms that end that day,
// and is otherwise the run of an ordinary day. A later bench run bills the next day.
export async function billingDayFigures(server: BenchServer): Promise<Figure[]> {
  const db = server.server.database.db;
  const day = await firstUnbilledDay(db);
  if (!day) return [];
  const clock = new MovableClock(early(day));
  const reference = await chargesPerSecond(db, clock);
  const due = await dueOn(db, day);
  const open = await largeAccounts(db)
    .where('a.state', '=', 'current')
    .select((eb) => [
      eb.fn.countAll<string>().as('accounts'),
      eb.fn.count<string>(sql`case when a.plan = 'monthly' then 1 end`).as('monthly'),
    ])
    .executeTakeFirstOrThrow();
  const payments = createSandboxPaymentAdapter({ db, now: () => clock.now() });
  let warnings = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const summary = await runBillingDay({
    db,
    payments,
    clock,
    businessDate: day,
    log: { warn: () => void (warnings += 1) },
  });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const left = await dueOn(db, day);
  const rate = summary.charged / seconds;
  const share = (100 * due.large) / Number(open.monthly);
  const what =
    `${day}: ${fmt(summary.charged)} instalments collected of ${fmt(due.all)} due (${fmt(due.large)} the book's due that day, ` +
    `${share.toFixed(1)}% of its ${fmt(Number(open.monthly))} monthly accounts of ${fmt(Number(open.accounts))} open; ` +
    `the rest the demo's own arrears), ${fmt(summary.declined)} declined, ${fmt(summary.closed)} terms closed, ` +
    `${fmt(summary.lapsed)} lapsed, ${fmt(left.all)} left due, ${warnings} not recorded`;
  return [
    {
      figure: `${server.database} · daily billing run, instalments charged`,
      value: rate,
      unit: 'instalments/s',
      reference: { label: `sandbox charges/s alone, ${CHARGE_CONCURRENCY} at a time`, value: reference },
      note: what,
    },
    {
      figure: `${server.database} · daily billing run, the whole day`,
      value: seconds,
      unit: 's',
      reference: {
        label: `s for ${fmt(summary.charged)} bare sandbox charges`,
        value: summary.charged / reference,
      },
      budget: { kind: 'at most', value: 60 },
      note: `${fmt(server.policies)} policies; closing, dunning and collecting; the server process used ${cpuSeconds.toFixed(1)} s of CPU`,
    },
  ];
}

// A simulated stretch of business days (issue: a year) on the book: runBusinessDays day by day from the first
// day the book has not billed (or after the last day already worked), the clock moved to each day as the
// sandbox's "Move to date" does, every piece of DAILY_WORK timed. Then the ledger invariants are checked over
// the whole book.
export async function simulatedYearFigures(server: BenchServer, days: number): Promise<Figure[]> {
  const db = server.server.database.db;
  const unbilled = await firstUnbilledDay(db);
  const scheduled = await db.selectFrom('business_clock').select('scheduled_through').executeTakeFirst();
  const after = scheduled?.scheduled_through ? addDays(scheduled.scheduled_through, 1) : null;
  const first = unbilled && after ? (after > unbilled ? after : unbilled) : (unbilled ?? after);
  if (!first || days <= 0) return [];
  const last = addDays(first, days - 1);
  const clock = new MovableClock(early(first));
  const referenceRate = await chargesPerSecond(db, clock);
  const from = clock.now();
  const payments = createSandboxPaymentAdapter({ db, now: () => clock.now() });
  const pieceSeconds = new Map<string, number>();
  const totals = new Map<string, number>();
  const timed: DailyWork[] = DAILY_WORK.map((piece) => ({
    ...piece,
    run: async (ctx): Promise<DailyWorkSummary> => {
      const started = performance.now();
      const summary = await piece.run(ctx);
      pieceSeconds.set(
        piece.name,
        (pieceSeconds.get(piece.name) ?? 0) + (performance.now() - started) / 1000,
      );
      for (const [key, n] of Object.entries(summary)) {
        const name = `${piece.name}.${key}`;
        totals.set(name, (totals.get(name) ?? 0) + n);
      }
      return summary;
    },
  }));
  const context = { db, clock, payments, log: silentLog };
  let failed = 0;
  let firstDaySeconds = 0;
  const started = performance.now();
  for (let day = first; day <= last; day = addDays(day, 1)) {
    clock.set(early(day));
    const dayStarted = performance.now();
    const results = await runBusinessDays(context, { through: day, work: timed });
    if (day === first) firstDaySeconds = (performance.now() - dayStarted) / 1000;
    failed += results.filter((r) => r.status === 'failed').length;
    if (process.env.BENCH_VERBOSE)
      console.info(`  ${day}: ${((performance.now() - dayStarted) / 1000).toFixed(1)} s`);
  }
  const seconds = (performance.now() - started) / 1000;
  const charged = totals.get('billing.charged') ?? 0;
  const checks = await ledgerChecks(db, from, clock.now(), last);
  const pieces = [...pieceSeconds].map(([name, s]) => `${name} ${fmt(s)} s`).join(', ');
  const counts = [...totals]
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${name} ${fmt(n)}`)
    .join(', ');
  return [
    {
      figure: `${server.database} · ${days} business days simulated (runBusinessDays)`,
      value: seconds,
      unit: 's',
      note:
        `${first} to ${last}, ${fmt(server.policies)} policies, ${(days / seconds).toFixed(2)} days/s; ` +
        `first day ${firstDaySeconds.toFixed(1)} s (on a new book it renews every term the generator left ended), ` +
        `${days > 1 ? ((days - 1) / (seconds - firstDaySeconds)).toFixed(2) : '–'} days/s after it; ${pieces}; ${failed} pieces failed`,
    },
    {
      figure: `${server.database} · simulated days, instalments charged`,
      value: charged / (pieceSeconds.get('billing') ?? seconds),
      unit: 'instalments/s',
      reference: { label: `sandbox charges/s alone, ${CHARGE_CONCURRENCY} at a time`, value: referenceRate },
      note: `${fmt(charged)} charged in the billing pieces' ${fmt(pieceSeconds.get('billing') ?? 0)} s; ${fmt(charged / seconds)}/s of the whole stretch; ${counts}`,
    },
    {
      figure: `${server.database} · ledger invariants after the simulated days`,
      value: checks.broken,
      unit: 'accounts off',
      budget: { kind: 'at most', value: 0 },
      note: checks.note,
    },
  ];
}

// The ledger after the stretch, over every account of the book: each account's collected counter is the sum
// of its paid instalments and (without refunds) its billed counter the sum of those billed, the ledger's
// identity holds (collected − refunded = billed − owed + credit), nothing due before the last day waits
// untried on an open account, and the money the payment service took under billing's keys in the stretch is
// the money the billing streams recorded as collected.
async function ledgerChecks(
  db: Db,
  from: Date,
  to: Date,
  last: BusinessDate,
): Promise<{ broken: number; note: string }> {
  const accounts = await sql<{
    line: string;
    policy_number: string;
    billed_cents: string;
    collected_cents: string;
    refunded_cents: string;
    paid: string;
    billed: string;
    untried: string;
    refunds: string;
  }>`
    select a.line, a.policy_number, a.billed_cents::text, a.collected_cents::text, a.refunded_cents::text,
           coalesce(i.paid, 0)::text as paid, coalesce(i.billed, 0)::text as billed,
           coalesce(i.untried, 0)::text as untried, coalesce(r.refunds, 0)::text as refunds
      from billing_accounts a
      left join (select line, policy_number,
                        sum(case when status = 'paid' then amount_cents else 0 end) as paid,
                        sum(case when billed then amount_cents else 0 end) as billed,
                        sum(case when status = 'scheduled' and not billed and due_date <= ${last}
                                 then amount_cents else 0 end) as untried
                   from billing_instalments group by line, policy_number) i
        on i.line = a.line and i.policy_number = a.policy_number
      left join (select line, policy_number, sum(amount_cents) as refunds
                   from billing_refunds group by line, policy_number) r
        on r.line = a.line and r.policy_number = a.policy_number`.execute(db);
  let counters = 0;
  let identity = 0;
  for (const a of accounts.rows) {
    // A refund's effect on billed depends on its outcomes; accounts with one are held to their collected.
    const billedOff = Number(a.refunds) === 0 && a.billed_cents !== a.billed;
    if (a.collected_cents !== a.paid || billedOff) counters += 1;
    // The ledger on the last day: the counters and what came due untried (dueUntriedCents, summed here so the
    // book's schedules are not read into memory).
    const ledger = ledgerFrom({
      billed: Number(a.billed_cents) + Number(a.untried),
      collected: Number(a.collected_cents),
      refunded: Number(a.refunded_cents),
    });
    const net = ledger.collectedCents - ledger.refundedCents;
    if (net !== ledger.billedCents - ledger.owedCents + ledger.creditCents) identity += 1;
  }
  const stale = await sql<{ n: string }>`
    select count(*)::text as n from billing_instalments i
      join billing_accounts a on a.line = i.line and a.policy_number = i.policy_number
     where a.state in ('current', 'pastDue') and i.status = 'scheduled'
       and i.collect_on <= ${last}`.execute(db);
  const taken = await sql<{ cents: string; n: string }>`
    select coalesce(sum(amount_cents), 0)::text as cents, count(*)::text as n from payment_charges
     where outcome = 'ok' and idempotency_key like 'billing:%' and created_at >= ${from} and created_at <= ${to}`.execute(
    db,
  );
  const recorded = await sql<{ cents: string; n: string }>`
    select coalesce(sum((data->>'amountCents')::bigint), 0)::text as cents, count(*)::text as n from events
     where stream_type = 'billing' and type = 'billing.instalmentCollected'
       and recorded_at >= ${from} and recorded_at <= ${to}`.execute(db);
  const money = taken.rows[0]!.cents === recorded.rows[0]!.cents && taken.rows[0]!.n === recorded.rows[0]!.n;
  const staleCount = Number(stale.rows[0]!.n);
  return {
    broken: counters + identity + staleCount + (money ? 0 : 1),
    note:
      `${fmt(accounts.rows.length)} accounts: ${counters} with counters off their rows, ${identity} off the identity; ` +
      `${staleCount} instalments left untried; charged ${fmt(Number(taken.rows[0]!.n))} for $${fmt(Number(taken.rows[0]!.cents) / 100)}, ` +
      `recorded ${fmt(Number(recorded.rows[0]!.n))} for $${fmt(Number(recorded.rows[0]!.cents) / 100)}`,
  };
}
