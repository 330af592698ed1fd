import { MovableClock, startOfBusinessDay, type BusinessDate, type Clock } from '../../calendar';

// One thing the demo business did on a day of its history: a sale, a claim, a note, a customer's new card, a
// statement approved. Steps run in day order, each with the clock standing at its moment of that day, so
// every record it makes is dated when it happened (docs/demo.md).
export interface DemoStep {
  day: BusinessDate;
  // Minutes after 9 AM on the day, which orders the steps of one day.
  minute: number;
  run(clock: Clock): Promise<number>;
}

// Business opens at 9 AM: a step at minute m happens at 9 AM + m minutes of its business day.
export function stepInstant(step: Pick<DemoStep, 'day' | 'minute'>): Date {
  return new Date(startOfBusinessDay(step.day).getTime() + (9 * 60 + step.minute) * 60_000);
}

export function inDayOrder(steps: readonly DemoStep[]): DemoStep[] {
  return [...steps].sort((a, b) => a.day.localeCompare(b.day) || a.minute - b.minute);
}

// Runs the steps in day order on a clock of their own, without the days' scheduled work between them (a test
// that adds one part of the demo to a running server). Answers how many records they made.
export async function runDemoSteps(steps: readonly DemoStep[]): Promise<number> {
  const ordered = inDayOrder(steps);
  if (ordered.length === 0) return 0;
  const clock = new MovableClock(stepInstant(ordered[0]!));
  let made = 0;
  for (const step of ordered) {
    clock.set(stepInstant(step));
    made += await step.run(clock);
  }
  return made;
}
