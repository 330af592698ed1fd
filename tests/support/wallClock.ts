// A test run started at another hour (docs/conventions.md "Tests at every hour"): with TEST_WALL_CLOCK set to an
// instant, this process's wall clock reads as if the run had started then, and runs on at real pace. Every
// `new Date()` and `Date.now()` moves, in the tests, the server under test and PGlite alike, so a suite run
// under 18:30 Central sees what a run started at 6:30 PM sees: the business day (Chicago) one behind UTC's.
// The PostgreSQL server keeps its own clock, so these runs use PGlite (scripts/test-hours.ts).
const target = process.env.TEST_WALL_CLOCK;
const marker = Symbol.for('portal.test.wallClock');
const state = globalThis as unknown as Record<symbol, number | undefined>;

if (target && state[marker] === undefined) {
  const at = Date.parse(target);
  if (Number.isNaN(at)) throw new RangeError(`TEST_WALL_CLOCK is not an instant: ${target}`);
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  const offset = at - realNow();
  state[marker] = offset;
  // Date.now moves by the offset; `new Date()` without arguments reads it. A Proxy keeps `instanceof Date`
  // true for dates made before and after, and every static method of Date as it was.
  RealDate.now = () => realNow() + offset;
  globalThis.Date = new Proxy(RealDate, {
    construct(Target, args: unknown[], newTarget) {
      return args.length === 0
        ? Reflect.construct(Target, [RealDate.now()], newTarget)
        : Reflect.construct(Target, args, newTarget);
    },
    apply() {
      // Date() called as a function answers the current time as text.
      return new RealDate(RealDate.now()).toString();
    },
  });
}

export {};
