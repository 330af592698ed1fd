import { createActor, type AnyStateMachine, type EventFromLogic, type SnapshotFrom } from 'xstate';
import type { TestModel } from 'xstate/graph';
import { transitionsTaken } from '../../src/machines/transitions';

export interface CoveringPath<E> {
  // The events from the initial state, without xstate's own init event.
  events: E[];
  // The transitions of the definition the path takes, in order.
  transitions: string[];
}

// Few paths that together take every transition the model reaches: the model's shortest paths (one per
// vertex), longest first, each kept only if it takes a transition no kept path took. Slow drivers (a browser
// against a real server) then walk each transition about once instead of once per vertex.
// `drivable` leaves out paths a driver cannot walk (a screen that has nothing to refuse at that point);
// a transition reached only by such paths stays uncovered, which the caller's coverage check reports.
export function coveringPaths<M extends AnyStateMachine>(
  machine: M,
  model: TestModel<SnapshotFrom<M>, EventFromLogic<M>, unknown>,
  drivable: (path: CoveringPath<EventFromLogic<M>>) => boolean = () => true,
): CoveringPath<EventFromLogic<M>>[] {
  const candidates = model.getShortestPaths().map((path) => {
    const events = path.steps.map((s) => s.event).filter((e) => !e.type.startsWith('xstate.'));
    const actor = createActor(machine).start();
    const transitions: string[] = [];
    for (const event of events) {
      transitions.push(...transitionsTaken(machine, actor.getSnapshot(), event));
      actor.send(event);
    }
    actor.stop();
    return { events, transitions };
  });
  const usable = candidates.filter(drivable);
  usable.sort((a, b) => b.events.length - a.events.length);
  const taken = new Set<string>();
  const kept: CoveringPath<EventFromLogic<M>>[] = [];
  for (const candidate of usable) {
    if (candidate.transitions.every((t) => taken.has(t))) continue;
    kept.push(candidate);
    for (const t of candidate.transitions) taken.add(t);
  }
  return kept;
}
