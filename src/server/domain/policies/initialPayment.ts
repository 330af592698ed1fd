import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { QUOTE_STREAM } from '../quotes/quoteEvents';

// SPEC §3's "initial payment successful flag" (docs/pet-policy-record.md "Initial payment"): a policy is
// issued only once its purchase's charge went through, so the flag says whether it went through at the first
// attempt. A quote whose log holds a declined purchase (`quote.purchaseFailed`, before the retry that paid:
// a bought quote takes no further attempt) gave its policies an initial payment that did not succeed.
export async function quotesDeclinedAtPurchase(
  db: Db | Trx,
  quoteUuids: readonly string[],
): Promise<Set<string>> {
  if (quoteUuids.length === 0) return new Set();
  const rows = await db
    .selectFrom('events')
    .select('stream_id')
    .distinct()
    .where('stream_type', '=', QUOTE_STREAM)
    .where('type', '=', 'quote.purchaseFailed')
    .where('stream_id', 'in', [...new Set(quoteUuids)])
    .execute();
  return new Set(rows.map((r) => r.stream_id));
}
