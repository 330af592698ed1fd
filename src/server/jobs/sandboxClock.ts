import { businessDate, daysBetween, MovableClock, type BusinessDate, type Clock } from '../../calendar';
import type { Db } from '../store/db';
import { databaseNow, leaseEnd } from './lease';

const DAY_MS = 86_400_000;

// The clock of the business and who may move it (docs/jobs.md "The sandbox clock").
export interface BusinessClock {
  clock: Clock;
  // Only outside production: a QA sandbox moves its business forward to see dated work happen.
  movable: boolean;
  // Reads the moved offset every process shares (a no-op for a clock that is not the sandbox's).
  refresh(db: Db): Promise<void>;
  // Sets the clock to the same time of day on `to`, a business date after today's (nothing when it is not).
  moveTo(db: Db, to: BusinessDate): Promise<void>;
}

// Production: the system clock (or a test's), never moved by a request.
export function fixedBusinessClock(clock: Clock, movable = false): BusinessClock {
  return {
    clock,
    movable: movable && clock instanceof MovableClock,
    refresh: async () => undefined,
    async moveTo(_db, to) {
      if (!(clock instanceof MovableClock)) throw new Error('This clock cannot be moved');
      const days = daysBetween(businessDate(clock.now()), to);
      if (days > 0) clock.advance({ days });
    },
  };
}

// The QA sandbox's clock: real time plus an offset kept in the business_clock row, so every process and a
// restart stand on the same moved date. It ticks: a moved day runs on at the pace of real time.
export function sandboxBusinessClock(): BusinessClock {
  // The sandbox clock stands at an offset from real time, so it starts from it.
  // eslint-disable-next-line no-restricted-syntax -- real time is what the offset is kept from
  const clock = new MovableClock(new Date(), { ticking: true });
  // eslint-disable-next-line no-restricted-syntax -- real time is what the offset is kept from
  const setOffset = (offsetMs: number) => clock.set(new Date(Date.now() + offsetMs));
  return {
    clock,
    movable: true,
    async refresh(db) {
      const row = await db.selectFrom('business_clock').select('offset_ms').executeTakeFirst();
      if (row) setOffset(Number(row.offset_ms));
    },
    async moveTo(db, to) {
      // The offset is set from the one read, never added to the one stored: a move names where it ends.
      const { offset_ms: before } = await db
        .selectFrom('business_clock')
        .select('offset_ms')
        .executeTakeFirstOrThrow();
      setOffset(Number(before));
      const days = daysBetween(businessDate(clock.now()), to);
      if (days <= 0) return;
      const after = String(Number(before) + days * DAY_MS);
      const moved = await db
        .updateTable('business_clock')
        .set({ offset_ms: after, moved_at: clock.now() })
        .where('offset_ms', '=', before)
        .executeTakeFirst();
      if (moved.numUpdatedRows === 0n) throw new Error('The clock was moved by another request meanwhile');
      setOffset(Number(after));
    },
  };
}

// A move of the sandbox clock is held in the clock's row (docs/jobs.md "Two processes"): one at a time across
// every process, under a lease its holder renews while the skipped days run. The holder's claim, or the move
// under way (with the date it moves to) when another holds it.
export async function holdClockMove(
  db: Db,
  claim: string,
  to: BusinessDate | null,
): Promise<{ held: true } | { held: false; movingTo: string | null }> {
  const taken = await db
    .updateTable('business_clock')
    .set({ moving_by: claim, moving_to: to, moving_until: leaseEnd() })
    .where((w) =>
      w.or([
        w('moving_by', 'is', null),
        w('moving_until', 'is', null),
        w('moving_until', '<=', databaseNow()),
      ]),
    )
    .executeTakeFirst();
  if (taken.numUpdatedRows > 0n) return { held: true };
  const row = await db.selectFrom('business_clock').select('moving_to').executeTakeFirst();
  return { held: false, movingTo: row?.moving_to ?? null };
}

export async function renewClockMove(db: Db, claim: string, to?: BusinessDate): Promise<void> {
  await db
    .updateTable('business_clock')
    .set({ moving_until: leaseEnd(), ...(to ? { moving_to: to } : {}) })
    .where('moving_by', '=', claim)
    .execute();
}

export async function releaseClockMove(db: Db, claim: string): Promise<void> {
  await db
    .updateTable('business_clock')
    .set({ moving_by: null, moving_to: null, moving_until: null })
    .where('moving_by', '=', claim)
    .execute();
}
