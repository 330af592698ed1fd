import {
  createActor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type SnapshotFrom,
} from 'xstate';
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

// Covering paths that differ only in a last step that leaves the state as it was (a record annotating a
// policy, a refusal the journey takes where it is) walked as one: those steps one after another where the
// paths part, then on along the longest kept path through that point (or alone when none goes on). Every
// transition the paths took is still taken, by far fewer walks, each of which a driver pays for with its
// setup (a purchase, a moved clock). The machine checks the folded paths: a step it would refuse throws.
export function foldSelfLoops<M extends AnyStateMachine>(
  machine: M,
  paths: readonly CoveringPath<EventFromLogic<M>>[],
): CoveringPath<EventFromLogic<M>>[] {
  type E = EventFromLogic<M>;
  const keyOf = (events: readonly E[]) => JSON.stringify(events);
  const endsInLoop = (events: readonly E[]) => {
    if (events.length === 0) return false;
    const actor = createActor(machine).start();
    for (const event of events.slice(0, -1)) actor.send(event);
    const valueOf = () => JSON.stringify((actor.getSnapshot() as AnyMachineSnapshot).value);
    const before = valueOf();
    actor.send(events.at(-1)!);
    const after = valueOf();
    actor.stop();
    return before === after;
  };
  const loops = new Map<string, { prefix: E[]; group: E[] }>();
  const kept: E[][] = [];
  for (const path of paths) {
    if (!endsInLoop(path.events)) {
      kept.push([...path.events]);
      continue;
    }
    const prefix = path.events.slice(0, -1);
    const last = path.events.at(-1)!;
    const found = loops.get(keyOf(prefix)) ?? { prefix, group: [] };
    if (!found.group.some((e) => keyOf([e]) === keyOf([last]))) found.group.push(last);
    loops.set(keyOf(prefix), found);
  }
  kept.sort((a, b) => b.length - a.length);
  const folded = kept.map((events) => {
    const out: E[] = [];
    for (let i = 0; i <= events.length; i++) {
      const key = keyOf(events.slice(0, i));
      const found = loops.get(key);
      if (found) {
        out.push(...found.group);
        loops.delete(key);
      }
      if (i < events.length) out.push(events[i]!);
    }
    return out;
  });
  for (const { prefix, group } of loops.values()) folded.push([...prefix, ...group]);
  return folded.map((events) => {
    const actor = createActor(machine).start();
    const transitions: string[] = [];
    for (const event of events) {
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      if (!snapshot.can(event)) throw new Error(`A folded path sends ${event.type} where it is refused`);
      transitions.push(...transitionsTaken(machine, snapshot, event));
      actor.send(event);
    }
    actor.stop();
    return { events, transitions };
  });
}
