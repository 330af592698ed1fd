import { MovableClock, type Clock } from '../../calendar';
import type { Db } from '../store/db';

const DAY_MS = 86_400_000;

// The clock of the business and who may move it (docs/jobs.md "The sandbox clock").
export interface BusinessClock {
  clock: Clock;
  // Only outside production: a QA sandbox moves its business forward to see dated work happen.
  movable: boolean;
  // Reads the moved offset every process shares (a no-op for a clock that is not the sandbox's).
  refresh(db: Db): Promise<void>;
  moveForward(db: Db, days: number): Promise<void>;
}

// Production: the system clock (or a test's), never moved by a request.
export function fixedBusinessClock(clock: Clock, movable = false): BusinessClock {
  return {
    clock,
    movable: movable && clock instanceof MovableClock,
    refresh: async () => undefined,
    async moveForward(_db, days) {
      if (!(clock instanceof MovableClock)) throw new Error('This clock cannot be moved');
      clock.advance({ days });
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
    async moveForward(db, days) {
      const row = await db
        .updateTable('business_clock')
        .set((eb) => ({ offset_ms: eb('offset_ms', '+', String(days * DAY_MS)), moved_at: clock.now() }))
        .returning('offset_ms')
        .executeTakeFirstOrThrow();
      setOffset(Number(row.offset_ms));
    },
  };
}
