import { sql } from 'kysely';
import type { Trx } from '../../store/eventStore';

// RNT-<state>-<8 digits>, e.g. RNT-TX-00000042: one sequence for every state, so numbers are unique and
// never reused (a rolled-back purchase leaves a gap), like the pet line's (docs/purchase.md).
export async function nextRentersPolicyNumber(trx: Trx, state: string): Promise<string> {
  const { rows } = await sql<{ n: string }>`select nextval('renters_policy_number_seq')::text as n`.execute(
    trx,
  );
  return `RNT-${state}-${rows[0]!.n.padStart(8, '0')}`;
}

// SPEC §3: a renters policy's matter id is taken from the digits of its number.
export function rentersMatterId(policyNumber: string): number {
  return Number(policyNumber.replace(/\D/g, ''));
}

// Twelve months after the start: the day the term ends (29 February starts end on 28 February).
export function oneYearAfter(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + 1, m - 1, d));
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}
