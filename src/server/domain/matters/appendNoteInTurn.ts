import { sql } from 'kysely';
import type { Db } from '../../store/db';
import { VersionConflictError, type Trx } from '../../store/eventStore';

// Advisory lock class of notes (the two-key form, as the login throttle's and saved views' classes).
const NOTE_LOCK = 3_001;
// A clash left after the lock can only come from a writer of another kind on the same policy (an edit, a
// cancellation); each retry sees that writer committed, so a few are plenty.
const ATTEMPTS = 5;

// A note is added to the policy's log as it is when the note's turn comes, never refused for a change made
// meanwhile (issue 21: two agents noting one policy at once got "changed by someone else"). Notes of one
// stream take their turn at a lock of their own, so they never clash with each other; the append itself is
// still the event store's, at the version `write` read, so nothing is overwritten, the machine still checks
// the note and the metadata is the caller's. A clash with another writer, which takes no such lock, is
// retried in a new transaction against the log that writer left.
export async function appendNoteInTurn<T>(
  db: Db,
  stream: { type: string; id: string },
  write: (trx: Trx) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${NOTE_LOCK}, hashtext(${`${stream.type}/${stream.id}`}))`.execute(
          trx,
        );
        return write(trx);
      });
    } catch (error) {
      if (!(error instanceof VersionConflictError) || attempt >= ATTEMPTS) throw error;
    }
  }
}
