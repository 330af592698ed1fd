import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject, Snapshot } from 'xstate';

// Names every transition of a machine definition, so model tests can say which ones they took and
// the coverage script can compare that with the whole set.

function describeTargets(t: AnyTransitionDefinition): string {
  return t.target?.length ? t.target.map((n) => n.path.join('.') || '(root)').join(',') : '(self)';
}

// `index` is the transition's place among its source's transitions for the same event.
export function keyOf(t: AnyTransitionDefinition, index: number): string {
  const source = t.source.path.join('.') || '(root)';
  return `${source} --${t.eventType}[${index}]--> ${describeTargets(t)}`;
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allNodes)];
}

export function listTransitions(machine: AnyStateMachine): string[] {
  return allNodes(machine.root).flatMap((node) =>
    [...node.transitions.values()].flatMap((defs) => defs.map((t, i) => keyOf(t, i))),
  );
}

// The transitions `event` takes from `snapshot`; empty when the machine ignores it.
export function transitionsTaken(
  machine: AnyStateMachine,
  snapshot: Snapshot<unknown>,
  event: EventObject,
): string[] {
  // getTransitionData is typed for the machine's own snapshot type; any machine snapshot works here.
  const taken = machine.getTransitionData(
    snapshot as Parameters<AnyStateMachine['getTransitionData']>[0],
    event,
  );
  return taken.map((t) => {
    const defs = t.source.transitions.get(t.eventType) ?? [];
    return keyOf(t, defs.indexOf(t));
  });
}
