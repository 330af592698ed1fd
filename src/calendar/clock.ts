// Where "now" comes from. Everything that reads the time is handed a Clock (DESIGN.md "Time and money"), so a
// test, the demo seed and a QA sandbox can move the business forward without waiting for it.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(instant: Date | string): Clock {
  const at = new Date(instant);
  return { now: () => new Date(at) };
}

export interface ClockStep {
  days?: number;
  hours?: number;
  minutes?: number;
  milliseconds?: number;
}

const MS_PER_MINUTE = 60_000;

function stepMilliseconds(step: ClockStep): number {
  return (
    (step.days ?? 0) * 24 * 60 * MS_PER_MINUTE +
    (step.hours ?? 0) * 60 * MS_PER_MINUTE +
    (step.minutes ?? 0) * MS_PER_MINUTE +
    (step.milliseconds ?? 0)
  );
}

// A clock that can be set and moved. Ticking, it runs on from where it was set at the pace of real time (the
// QA sandbox: the whole portal lives on a moved date); standing, it shows the set instant until moved again
// (tests and the demo seed, which step through days).
export class MovableClock implements Clock {
  private offsetMs: number;
  private readonly ticking: boolean;
  private readonly real: () => number;

  constructor(start: Date | string = new Date(), options: { ticking?: boolean; real?: () => number } = {}) {
    this.ticking = options.ticking ?? false;
    this.real = options.real ?? Date.now;
    this.offsetMs = new Date(start).getTime() - (this.ticking ? this.real() : 0);
  }

  now(): Date {
    return new Date(this.offsetMs + (this.ticking ? this.real() : 0));
  }

  set(instant: Date | string): void {
    this.offsetMs = new Date(instant).getTime() - (this.ticking ? this.real() : 0);
  }

  advance(step: ClockStep): Date {
    const ms = stepMilliseconds(step);
    if (ms < 0) throw new RangeError('A clock moves forward only');
    this.offsetMs += ms;
    return this.now();
  }

  // How far this clock stands from real time (what a sandbox reports to its users).
  driftMilliseconds(): number {
    return this.now().getTime() - this.real();
  }
}
