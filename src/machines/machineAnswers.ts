import type { AnyStateMachine, AnyStateNode } from 'xstate';

// Questions the server and the screens ask of a machine's own definition instead of restating its
// transitions in a table beside it. For flat machines: a state is one of the root's children.

function stateNode(machine: AnyStateMachine, state: string): AnyStateNode | undefined {
  return machine.root.states[state];
}

// Whether `state` has a transition for `eventType`, whatever its guards say: the state a command may start
// from. The guards (an up-to-date statement, a verified bank account) are the command's to check with `can`.
export function takesEvent(machine: AnyStateMachine, state: string, eventType: string): boolean {
  return (stateNode(machine, state)?.transitions.get(eventType)?.length ?? 0) > 0;
}

// The states an event can lead to, from any state and through any of its guarded branches.
export function targetsOf(machine: AnyStateMachine, eventType: string): string[] {
  const targets = new Set<string>();
  for (const node of Object.values(machine.root.states)) {
    for (const transition of node.transitions.get(eventType) ?? []) {
      for (const target of transition.target ?? [node]) targets.add(target.key);
    }
  }
  return [...targets];
}
