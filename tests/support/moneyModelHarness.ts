import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import type { CommissionRuleCreate } from '../../src/api/schemas/commissionRules';
import { MovableClock, businessDate, startOfBusinessDay } from '../../src/calendar';
import { billingDailyWork } from '../../src/server/domain/policyMoney/billingDailyWork';
import { policyDatesWork } from '../../src/server/domain/policyDates/policyDatesWork';
import { MAX_CLOCK_MOVE_DAYS } from '../../src/server/jobs/jobs';
import type { Db } from '../../src/server/store/db';
import { statementApi, type Agency, type StatementApi } from './commissionStatementApi';
import { entityApi, expectStatus, type EntityApi } from './entityApi';
import { apiFor } from './http';
import { ADMIN } from './personas';
import { startTestServer, type TestDatabase, type TestServer } from './testServer';

// What the two money model property suites (tests/api/moneyModelProperties.test.ts for pet,
// rentersMoneyModelProperties.test.ts for renters) share: how many stories a run tells and with which seed,
// the server whose clock they move, the batches of stories that share their days, and reading the agency's
// net written premium and commission statement as the model writes them. Each suite keeps what is its own
// line's: its stories, how it buys and acts, and what it compares. Nothing here knows a model, and the models
// (petMoneyModel.ts, rentersMoneyModel.ts, rentersMoneyTerms.ts) import nothing from src/ nor from here; this
// file takes from src/ only what the suites took for this part: the clock, the daily work their server runs,
// and the types of a commission rule and of the database.

// Stories run in batches that share their days (the daily run works every policy at once).
const BATCH = 25;
// The days a long batch runs: a term, its renewal and a month of the renewed term.
export const LONG_DAYS = 400;

export interface StoryCounts {
  stories: number;
  longStories: number;
  seed: number;
}

// How many short and long stories a run tells (200 and 25 by default) and its seed, from the environment
// variables the suite names, so a run can be made smaller, larger, or replayed by the seed it printed.
export function storyCounts(env: { stories: string; longStories: string; seed: string }): StoryCounts {
  const seed = process.env[env.seed];
  return {
    stories: Number(process.env[env.stories] ?? 200),
    longStories: Number(process.env[env.longStories] ?? 25),
    seed: seed ? Number(seed) : Date.now() % 2 ** 31,
  };
}

// Whole cents from the wire's dollars.
export const cents = (dollars: number) => Math.round(dollars * 100);

// The clock's moves of a long batch, cut to add up to LONG_DAYS exactly: a move that would pass the last day
// is shortened, and a list that stops short is made up with one more move. Each suite draws the moves itself.
export const movesArb = (moves: fc.Arbitrary<number[]>): fc.Arbitrary<number[]> =>
  moves.map((drawn) => {
    const out: number[] = [];
    let total = 0;
    for (const move of drawn) {
      if (total >= LONG_DAYS) break;
      out.push(Math.min(move, LONG_DAYS - total));
      total += out.at(-1)!;
    }
    if (total < LONG_DAYS) out.push(LONG_DAYS - total);
    return out;
  });

// An action moved to the first day the clock stops on from its day (a move runs no action on the days it
// skips); a cancel date keeps its day.
export function landed<A extends { day: number }, S extends { actions: A[] }>(
  story: S,
  moves: readonly number[],
): S {
  const stops = moves.reduce<number[]>((days, move) => [...days, days.at(-1)! + move], [0]);
  return {
    ...story,
    actions: story.actions.map((a) => ({ ...a, day: stops.find((d) => d >= a.day) ?? stops.at(-1)! })),
  };
}

// A line of written premium as the net written premium report's rows are read below (code, business type,
// cents), and as a commission statement's lines are (code, premium and amount in cents), so the model's
// lines and the books' are compared as the same strings.
interface Written {
  code: string;
  businessType: string;
  premiumCents: number;
}
export const nwpRowOf = (w: Written) => `${w.code} ${w.businessType} ${w.premiumCents}`;
export const commissionLineOf = (w: Written, paidCents: number | undefined) =>
  `${w.code} ${w.premiumCents} ${paidCents}`;

// The agency's books over a batch's days, per policy: the net written premium report's rows and the
// commission statement's lines in log order.
export interface Books {
  nwp: Map<string, string[]>;
  commission: Map<string, string[]>;
}

// A batch as it stands when its last move is made: its first day's date, the policies it bought and its last
// day, counted from the first.
export interface Batch<B> {
  start: string;
  bought: B[];
  day: number;
}

// The test server of a suite's describe block, set up in beforeAll: read the fields inside tests and hooks
// only (as tests/support/suite.ts's useTestServer).
export interface MoneyModelServer {
  clock: MovableClock;
  t: TestServer;
  e: EntityApi;
  st: StatementApi;
  agency: Agency;
  db(): Db;
  signIn(): void;
  move(days: number): Promise<void>;
  runBatch<B>(
    moves: readonly number[],
    buy: (start: string) => Promise<B[]>,
    actOn: (bought: B[], day: number, start: string) => Promise<void>,
  ): Promise<Batch<B>>;
  books(from: string, to: string): Promise<Books>;
  // The limits on abuse count new cards per staff member per real hour (src/server/http/abuseLimits.ts); these
  // stories pack months of many customers' declines into minutes of one staff member's, which is not card
  // testing: each Pay now starts with none counted. tests/api/abuseLimits.test.ts proves the limits.
  forgetAbuseCounts(): Promise<void>;
}

// Starts the server the stories run on, with a clock of the test's own at 9:00 of today's business day and
// the daily work that moves money and policy dates (the clock move runs it for every day it skips), and an
// agency whose commission rules are `ratesBp` ('NEW:NB' → basis points), set up by the suite so its model
// knows the rates without reading src/.
export function useMoneyModelServer(
  database: TestDatabase,
  rules: { ratesBp: Readonly<Record<string, number>>; species: CommissionRuleCreate['species'] },
): MoneyModelServer {
  const clock = new MovableClock(new Date());
  const server = { clock } as MoneyModelServer;

  // Access tokens live minutes of real time and a run of many stories lasts longer: each batch signs in anew.
  server.signIn = () => {
    server.e = entityApi(() => apiFor(server.t.url));
    server.st = statementApi(server.e, () => server.t);
  };
  server.db = () => server.t.server.database.db;

  beforeAll(async () => {
    clock.set(new Date(startOfBusinessDay(businessDate(clock.now())).getTime() + 9 * 3_600_000));
    server.t = await startTestServer(database, {}, { clock, dailyWork: [policyDatesWork, billingDailyWork] });
    server.signIn();
    server.agency = await server.st.newAgency({ rules: false });
    for (const [key, bp] of Object.entries(rules.ratesBp)) {
      const [business_type, event_code] = key.split(':') as ['NEW' | 'RENEWAL', string];
      const rule: CommissionRuleCreate = {
        business_type,
        calculation_type: 'PERCENT',
        event_code,
        state_codes: ['TX'],
        species: rules.species,
        pay_multiplier: bp / 100,
        effective_date: '2025-01-01',
        expiration_date: null,
      };
      expectStatus(
        await server.e.post(`/v2/entities/${server.agency.id}/commission-configs`, ADMIN, { data: rule }),
        201,
      );
    }
  }, 120_000);
  afterAll(async () => {
    await server.t?.close();
  });

  // A long move keeps this process busy past the server's keep-alive: the client's pooled connection may be
  // closed under it, and a story's next request would fail on it without reaching the server. A request that
  // changes nothing takes that connection first, and is asked again on a new one.
  async function freshConnection() {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await apiFor(server.t.url).get('/healthz');
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  }

  // The product's clock move (the sandbox's "Move to date"): the clock goes forward and every skipped day's
  // daily work runs, dated on its day. The product moves at most MAX_CLOCK_MOVE_DAYS at once, so a longer gap
  // of a story is moved in steps, as a person would; every skipped day's work runs either way.
  server.move = async (days) => {
    for (let left = days; left > 0; left -= MAX_CLOCK_MOVE_DAYS) {
      const worked = await server.t.server.jobs.moveForward(Math.min(left, MAX_CLOCK_MOVE_DAYS));
      expect(worked.filter((w) => w.status !== 'done')).toEqual([]);
    }
    await freshConnection();
  };

  // One batch: signed in anew, it starts the day after the last one ended, buys its policies on that day and
  // is taken through the clock's moves, each stop's actions run after its daily work (the first day's after
  // the purchase). The suite compares it with its model afterwards.
  server.runBatch = async (moves, buy, actOn) => {
    server.signIn();
    await server.move(1);
    const start = businessDate(clock.now());
    const bought = await buy(start);
    let day = 0;
    await actOn(bought, 0, start);
    for (const days of moves) {
      await server.move(days);
      day += days;
      await actOn(bought, day, start);
    }
    return { start, bought, day };
  };

  server.forgetAbuseCounts = async () => {
    await sql`delete from abuse_counts`.execute(server.t.server.database.db);
  };

  server.books = async (from, to) => ({
    nwp: await nwpRows(from, to),
    commission: await commissionLines(from, to),
  });

  // The net written premium report's rows of the agency over the days, per policy: code, business type, cents.
  async function nwpRows(from: string, to: string) {
    const response = await server.e.get(
      `/v2/reports/nwp/export?fromDate=${from}&toDate=${to}&entityCode=${server.agency.code}`,
      ADMIN,
    );
    expectStatus(response, 200);
    const rows = new Map<string, string[]>();
    for (const line of response.text.split('\r\n').filter(Boolean).slice(1)) {
      const cells = line.split(',');
      const policy = cells[1]!;
      rows.set(policy, [...(rows.get(policy) ?? []), `${cells[6]} ${cells[7]} ${cents(Number(cells[8]))}`]);
    }
    return rows;
  }

  // The agency's commission statement lines of the months the days touch, generated first, per policy in log
  // order: code, premium and amount in cents.
  async function commissionLines(from: string, to: string) {
    const months: string[] = [];
    for (let month = monthOf(from); month <= monthOf(to); month = monthAfter(month)) months.push(month);
    for (const month of months) await server.st.generate(month);
    const lines = new Map<string, { id: number; line: string }[]>();
    for (const row of await server.st.list(server.agency.id)) {
      if (!months.includes(row.month)) continue;
      for (const l of (await server.st.detail(server.agency.id, row.id)).lines)
        lines.set(l.policy_number, [
          ...(lines.get(l.policy_number) ?? []),
          { id: l.event_id, line: `${l.event_code} ${cents(l.premium)} ${cents(l.amount)}` },
        ]);
    }
    return new Map(
      [...lines].map(([policy, ls]) => [policy, ls.sort((a, b) => a.id - b.id).map((l) => l.line)]),
    );
  }

  return server;
}

const monthOf = (date: string) => date.slice(0, 7);
// The month after 'YYYY-MM' (Date.UTC's month is 0-based, so the month number as it is names the next one).
function monthAfter(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 1)).toISOString().slice(0, 7);
}

// The property over `stories.stories` short stories, day by day over `days` days, BATCH at a time; prints
// the count and the seed first, so a failing run can be replayed. `check` runs a batch and fails on a
// difference from the model.
export async function assertShortStories<S>(options: {
  name: string;
  database: TestDatabase;
  counts: StoryCounts;
  days: number;
  story: fc.Arbitrary<S>;
  check: (stories: S[], moves: readonly number[]) => Promise<unknown>;
}): Promise<void> {
  const { name, database, counts, story, check } = options;
  console.info(
    `${name} on ${database}: ${counts.stories} short stories in batches of ${BATCH}, seed ${counts.seed}`,
  );
  const days = Array<number>(options.days).fill(1);
  await fc.assert(
    fc.asyncProperty(fc.array(story, { minLength: BATCH, maxLength: BATCH }), async (stories) => {
      await check(stories, days);
    }),
    { numRuns: Math.ceil(counts.stories / BATCH), seed: counts.seed, endOnFailure: true },
  );
}

// The property over `counts.longStories` long stories over LONG_DAYS in the clock's moves, BATCH at a time
// (fewer if the run asks for fewer), each story's actions landed on the days the clock stops on; prints the
// count and the seed first.
export async function assertLongStories<A extends { day: number }, S extends { actions: A[] }>(options: {
  name: string;
  database: TestDatabase;
  counts: StoryCounts;
  story: fc.Arbitrary<S>;
  moves: fc.Arbitrary<number[]>;
  check: (stories: S[], moves: readonly number[]) => Promise<unknown>;
}): Promise<void> {
  const { name, database, counts, story, moves, check } = options;
  console.info(
    `${name} on ${database}: ${counts.longStories} stories over ${LONG_DAYS} days, seed ${counts.seed}`,
  );
  const size = Math.min(BATCH, counts.longStories);
  await fc.assert(
    fc.asyncProperty(
      fc.record({ stories: fc.array(story, { minLength: size, maxLength: size }), moves }),
      async ({ stories, moves }) => {
        await check(
          stories.map((s) => landed(s, moves)),
          moves,
        );
      },
    ),
    { numRuns: Math.ceil(counts.longStories / BATCH), seed: counts.seed, endOnFailure: true },
  );
}
