import { sql } from 'kysely';
import type { Trx } from '../../store/eventStore';

// PET-<state>-<8 digits>, e.g. PET-TX-00001001: the product, the state it is filed in and a number from one
// sequence for every state, so numbers are unique, never reused (a rolled-back purchase leaves a gap) and
// read aloud easily (docs/purchase.md).
export async function nextPolicyNumber(trx: Trx, state: string): Promise<string> {
  const { rows } = await sql<{ n: string }>`select nextval('policy_number_seq')::text as n`.execute(trx);
  return `PET-${state}-${rows[0]!.n.padStart(8, '0')}`;
}

// The next matter id (SPEC §2 /policies/{matterId}); like policy numbers, never reused.
export async function nextMatterId(trx: Trx): Promise<number> {
  const { rows } = await sql<{ n: string }>`select nextval('policy_matter_seq')::text as n`.execute(trx);
  return Number(rows[0]!.n);
}

// One year after the start date: the day the term ends (a policy from 2026-11-22 runs to 2027-11-22).
export function oneYearAfter(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // 29 February starts end on 28 February.
  const date = new Date(Date.UTC(y + 1, m - 1, d));
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}
