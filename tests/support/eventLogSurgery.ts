import { sql } from 'kysely';
import type { Db } from '../../src/server/store/db';
import type { Trx } from '../../src/server/store/eventStore';

// A test that stages a crash between two writes takes events back out of the log, which the append-only
// trigger (migration 020) forbids. The test connects as the database's owner, so it may switch triggers off for
// its own transaction only: replica mode skips ordinary triggers and nothing else changes.
export function withoutAppendOnlyGuard<T>(db: Db, change: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    return change(trx);
  });
}
