import { expect } from 'vitest';
import type { Actor, AnyMachineSnapshot, AnyStateMachine, EventFromLogic } from 'xstate';
import { transitionsTaken } from '../../src/machines/transitions';

// What one step of a model-based API test made the product record (the events a request or a day's work
// appended), taken by the machine's actor against the generated path the test walks. A recorded event that
// takes the transition the path's next event takes is that step of the path (one request may take several:
// a cancellation that closes an account and adds its balance due); any other is a step the product took on the
// way (the declaration a purchase generates, the instalments collected on the way to a renewal, the retries
// before a lapse), which the machine must allow too and which must leave its state as it was while the path
// goes on. Only after the path's last event may the product go on elsewhere (a late payment that also settles
// what the path's step left owed). Answers where the path goes on; fails when none of it was recorded.
export function followRecorded<M extends AnyStateMachine>(
  machine: M,
  actor: Actor<M>,
  path: readonly EventFromLogic<M>[],
  at: number,
  recorded: readonly EventFromLogic<M>[],
  took: (event: EventFromLogic<M>, transitions: string[]) => void,
): number {
  let next = at;
  for (const event of recorded) {
    const before = actor.getSnapshot() as AnyMachineSnapshot;
    expect(before.can(event), `the product recorded ${event.type} in ${JSON.stringify(before.value)}`).toBe(
      true,
    );
    const taken = transitionsTaken(machine, before, event);
    const wanted = path[next];
    const isStep =
      wanted !== undefined &&
      JSON.stringify(taken) === JSON.stringify(transitionsTaken(machine, before, wanted));
    took(event, taken);
    actor.send(event);
    if (isStep) next++;
    else if (next < path.length)
      expect(
        (actor.getSnapshot() as AnyMachineSnapshot).value,
        `${event.type} on the way to ${wanted!.type}`,
      ).toEqual(before.value);
  }
  expect(next, `what the product recorded for ${path[at]?.type}`).toBeGreaterThan(at);
  return next;
}
