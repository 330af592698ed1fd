import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { keyOf } from '../../machines/transitions';

// What a diagram needs of a machine definition: its states as a tree and its transitions, each named by the
// same key as `listTransitions`, so coverage recorded by the model tests can be laid over it.

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface StateInfo {
  // The state's path joined by dots; '' for the machine's root.
  id: string;
  name: string;
  kind: StateKind;
  parent: string | null;
  children: string[];
  // The child a compound state enters first.
  initial: string | null;
}

export interface TransitionInfo {
  key: string;
  source: string;
  // Empty for a targetless transition (actions only, the state is not left).
  targets: string[];
  event: string;
  guard: string | null;
}

export interface StatechartModel {
  id: string;
  root: string;
  states: ReadonlyMap<string, StateInfo>;
  transitions: TransitionInfo[];
}

const idOf = (node: AnyStateNode) => node.path.join('.');

// Guards are named (`'allAnswered'`), parameterised (`{ type }`) or built with and/or/not, whose functions
// carry the guards they combine.
interface GuardLike {
  type?: unknown;
  name?: unknown;
  guards?: unknown;
}

export function describeGuard(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  const g = guard as GuardLike;
  if (Array.isArray(g.guards)) {
    const parts = g.guards.map((inner) => describeGuard(inner) ?? '?');
    if (g.name === 'not') return `!${parts[0] ?? '?'}`;
    const joined = parts.join(g.name === 'or' ? ' || ' : ' && ');
    return parts.length > 1 ? `(${joined})` : joined;
  }
  if (typeof g.type === 'string') return g.type;
  if (typeof g.name === 'string' && g.name) return g.name;
  return 'guard';
}

function stripParens(text: string): string {
  return text.startsWith('(') && text.endsWith(')') ? text.slice(1, -1) : text;
}

function transitionInfo(t: AnyTransitionDefinition, index: number): TransitionInfo {
  const guard = describeGuard(t.guard);
  return {
    key: keyOf(t, index),
    source: idOf(t.source),
    targets: (t.target ?? []).map(idOf),
    event: t.eventType,
    guard: guard === null ? null : stripParens(guard),
  };
}

export function statechartModel(machine: AnyStateMachine): StatechartModel {
  const states = new Map<string, StateInfo>();
  const transitions: TransitionInfo[] = [];
  // The same walk as `listTransitions`: a node, then its children in definition order.
  const visit = (node: AnyStateNode, parent: string | null) => {
    const id = idOf(node);
    const children = Object.values(node.states);
    const initial = node.type === 'compound' ? (node.initial?.target[0] ?? null) : null;
    states.set(id, {
      id,
      name: parent === null ? machine.id : node.key,
      kind: node.type,
      parent,
      children: children.map(idOf),
      initial: initial ? idOf(initial) : null,
    });
    for (const defs of node.transitions.values())
      defs.forEach((t, i) => transitions.push(transitionInfo(t, i)));
    for (const child of children) visit(child, id);
  };
  visit(machine.root, null);
  return { id: machine.id, root: '', states, transitions };
}

// The namespace every event of the machine shares ('rentersQuote.'), left out of the diagram's labels.
export function commonEventPrefix(transitions: readonly TransitionInfo[]): string {
  const prefixes = new Set(transitions.map((t) => (t.event.includes('.') ? t.event.split('.')[0] : '')));
  const [only] = [...prefixes];
  return prefixes.size === 1 && only ? `${only}.` : '';
}

export function isAncestor(
  states: ReadonlyMap<string, StateInfo>,
  ancestor: string,
  descendant: string,
): boolean {
  for (let at = states.get(descendant)?.parent ?? null; at !== null; at = states.get(at)?.parent ?? null) {
    if (at === ancestor) return true;
  }
  return false;
}
