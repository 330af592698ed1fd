import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../support/http';
import { AGENT, REPORTS } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// No user enumeration by timing (OWASP ASVS 5.0 6.3.8, docs/security.md "Authentication"): a login with a
// wrong password and one with an unknown e-mail, and a reset request for a known and for an unknown address,
// take the same time. The machine running the suite may be busy, so the comparison is built not to flake:
// the two kinds alternate (and swap order every round) so load falls on both alike, medians ignore the odd
// slow request, and the bound is a ratio plus a few milliseconds. What it catches is a difference of whole
// database round trips or commits (a reset request that wrote two rows only for known addresses answered in
// 20 ms against 7 ms on PostgreSQL), not a fraction of a millisecond.
const RATIO = 1.5;
const SLACK_MS = 5;
const WARM_UP = 3;
// A failed comparison is measured again with fresh samples before it counts: a burst of load on the machine
// can skew one set of medians, while a real difference shows in every set.
const ATTEMPTS = 3;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

type Send = () => Promise<ApiResponse>;

async function timed(send: Send, status: number): Promise<number> {
  const start = performance.now();
  const response = await send();
  const elapsed = performance.now() - start;
  expect(response.status, response.text).toBe(status);
  return elapsed;
}

interface Comparison {
  known: number;
  unknown: number;
  close: boolean;
}

async function compareMedians(known: Send, unknown: Send, status: number, rounds: number) {
  for (let i = 0; i < WARM_UP; i++) {
    await timed(known, status);
    await timed(unknown, status);
  }
  const measured: Comparison[] = [];
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < rounds; i++) {
      if (i % 2 === 0) {
        times.known.push(await timed(known, status));
        times.unknown.push(await timed(unknown, status));
      } else {
        times.unknown.push(await timed(unknown, status));
        times.known.push(await timed(known, status));
      }
    }
    const m = { known: median(times.known), unknown: median(times.unknown) };
    const close = m.known <= m.unknown * RATIO + SLACK_MS && m.unknown <= m.known * RATIO + SLACK_MS;
    measured.push({ ...m, close });
    if (close) break;
  }
  return measured;
}

const describeTimes = (measured: Comparison[]) =>
  measured.map((m) => `known ${m.known.toFixed(1)} ms, unknown ${m.unknown.toFixed(1)} ms`).join('; ');

describe.each(testDatabases())('answer times that do not tell accounts apart on %s', (database) => {
  const s = useTestServer(database);

  it('answers a reset request for a known and an unknown address in the same time', async () => {
    // The limits on reset requests (abuseLimits.test.ts) would answer 429 from the fourth request for an
    // address: each request, of either kind, starts with none counted, so both take the path that mails.
    const forgot = (email: string) => async () => {
      await sql`DELETE FROM abuse_counts WHERE key LIKE 'reset:%'`.execute(s.t.server.database.db);
      return s.api.post('/v1/password-forgot', { email });
    };
    const measured = await compareMedians(forgot(REPORTS), forgot('nobody-here@demo.test'), 200, 25);
    expect(measured.at(-1)!.close, describeTimes(measured)).toBe(true);
  });

  it('answers a wrong password and an unknown e-mail in the same time', async () => {
    const login = (email: string) => () => s.api.post('/v2/auth', { email, password: 'not-the-password' });
    const measured = await compareMedians(login(AGENT), login('nobody-here@demo.test'), 422, 15);
    expect(measured.at(-1)!.close, describeTimes(measured)).toBe(true);
  });
});
