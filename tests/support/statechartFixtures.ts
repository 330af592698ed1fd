import { and, createMachine, not, or, setup, type AnyStateMachine } from 'xstate';

// Made-up statecharts with what the product's machines do not use yet, so the diagram's layout is checked on
// them too: compound states nested up to three deep, transitions into, out of and across compound states
// (up and down the page), parallel regions, a transition to several states, transitions on the machine
// itself and combined guards. `generatedStatechart(seed)` makes many more such machines, the same for a
// seed on every run.

const nested = setup({ guards: { ok: () => true, ready: () => true } }).createMachine({
  id: 'nested',
  initial: 'idle',
  on: { RESET: '.idle' },
  states: {
    idle: { on: { START: 'working', SKIP: { target: 'done', guard: and(['ok', not('ready')]) } } },
    working: {
      initial: 'loading',
      on: { CANCEL: 'idle', FAIL: '#nested.failed', RESTART: '.loading' },
      states: {
        loading: { on: { LOADED: { target: 'ready', guard: or(['ok', 'ready']) }, RETRY: 'loading' } },
        ready: { on: { DONE: '#nested.done', BACK: 'loading', TICK: {} } },
      },
    },
    both: {
      type: 'parallel',
      states: {
        a: { initial: 'a1', states: { a1: { on: { NEXT: 'a2' } }, a2: {} } },
        b: { initial: 'b1', states: { b1: {} } },
      },
    },
    failed: { on: { RETRY: 'working.ready', PAR: 'both' } },
    done: { type: 'final' },
  },
});

// A claim's handling: lines leave and enter compound states by both borders, and one runs back up into an
// earlier compound state's child.
const claim = setup({ guards: { small: () => true, suspicious: () => true } }).createMachine({
  id: 'claim',
  initial: 'intake',
  states: {
    intake: {
      initial: 'draft',
      on: { 'claim.withdraw': 'withdrawn' },
      states: {
        draft: { on: { 'claim.submit': 'checking' } },
        checking: { on: { 'claim.incomplete': 'draft', 'claim.complete': '#claim.review.triage' } },
      },
    },
    review: {
      initial: 'triage',
      on: { 'claim.withdraw': 'withdrawn', 'claim.reassign': '.triage' },
      states: {
        triage: {
          on: {
            'claim.fastTrack': { target: 'approved', guard: 'small' },
            'claim.assess': 'assessing',
            'claim.flag': { target: '#claim.investigation', guard: 'suspicious' },
          },
        },
        assessing: {
          on: {
            'claim.approve': 'approved',
            'claim.decline': '#claim.declined',
            'claim.moreInfo': '#claim.intake.draft',
          },
        },
        approved: { on: { 'claim.pay': '#claim.payment' } },
      },
    },
    investigation: { on: { 'claim.cleared': 'review.assessing', 'claim.confirmed': 'declined' } },
    payment: {
      initial: 'scheduled',
      states: {
        scheduled: { on: { 'claim.send': 'sent' } },
        sent: { on: { 'claim.bounced': 'scheduled', 'claim.settled': '#claim.closed' } },
      },
    },
    declined: { on: { 'claim.appeal': 'review.assessing' } },
    withdrawn: { type: 'final' },
    closed: { type: 'final' },
  },
});

// Three levels: lines leave two borders at once, and come back in through both.
const deep = setup({}).createMachine({
  id: 'deep',
  initial: 'outer',
  states: {
    outer: {
      initial: 'middle',
      states: {
        middle: {
          initial: 'inner1',
          states: {
            inner1: { on: { GO: 'inner2', JUMP: '#deep.outer.side', OUT: '#deep.away' } },
            inner2: { on: { BACK: 'inner1', UP: '#deep.outer.side' } },
          },
        },
        side: { on: { DOWN: 'middle.inner2', LEAVE: '#deep.away' } },
      },
    },
    away: { on: { RETURN: 'outer.middle.inner1', HOME: 'outer' } },
  },
});

// A policy change with parallel regions: a transition into a state of each region at once, lines between
// the regions' states and out of them, and rows of transitions that stay inside.
const change = setup({ guards: { paid: () => true } }).createMachine({
  id: 'change',
  initial: 'editing',
  states: {
    editing: {
      on: { PREVIEW: { target: ['#change.checks.billing.quoting', '#change.checks.documents.drafting'] } },
    },
    checks: {
      type: 'parallel',
      on: { ABANDON: 'editing' },
      states: {
        billing: {
          initial: 'quoting',
          states: {
            quoting: { on: { QUOTED: 'quoted', REQUOTE: 'quoting' } },
            quoted: { on: { ACCEPT: { target: '#change.applied', guard: 'paid' } } },
          },
        },
        documents: {
          initial: 'drafting',
          states: {
            drafting: { on: { DRAFTED: 'ready', REJECT: '#change.editing' } },
            ready: { on: { REDRAFT: 'drafting', SEND: '#change.checks.billing.quoted' } },
          },
        },
      },
    },
    applied: { type: 'final' },
  },
});

export const NESTED_STATECHARTS: Readonly<Record<string, AnyStateMachine>> = { nested, claim, deep, change };

// A small seeded generator (mulberry32): the same numbers for a seed on every run and machine.
function numbers(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface StateConfig {
  type?: 'parallel';
  initial?: string;
  states?: Record<string, StateConfig>;
  on?: Record<string, string>;
}

// Up to five states at the top, compound states (some parallel) up to three deep, and up to 30 transitions
// between any two states, some with long event names.
export function generatedStatechart(seed: number): AnyStateMachine {
  const next = numbers(seed);
  const paths: string[][] = [];
  const build = (path: string[], depth: number): StateConfig => {
    const states: Record<string, StateConfig> = {};
    const count = 1 + Math.floor(next() * (depth === 0 ? 5 : 3));
    for (let i = 0; i < count; i++) {
      const name = `s${depth}${i}`;
      paths.push([...path, name]);
      const compound = depth < 3 && next() < (depth === 0 ? 0.5 : 0.3);
      states[name] = compound ? build([...path, name], depth + 1) : {};
      if (compound && next() < 0.15) {
        // A parallel state's regions are compound states.
        const regions = states[name]!.states!;
        for (const [key, region] of Object.entries(regions)) {
          if (!region.states) regions[key] = { initial: 'only', states: { only: {} } };
        }
        states[name] = { type: 'parallel', states: regions };
      }
    }
    return { initial: Object.keys(states)[0]!, states };
  };
  const root = build([], 0);
  const at = (path: string[]): StateConfig => path.reduce((node, key) => node.states![key]!, root);
  const transitions = 3 + Math.floor(next() * 28);
  for (let k = 0; k < transitions; k++) {
    const from = paths[Math.floor(next() * paths.length)]!;
    const to = paths[Math.floor(next() * paths.length)]!;
    const state = at(from);
    state.on = {
      ...state.on,
      [next() < 0.3 ? `generated.longEventName${k}` : `E${k}`]: `#gen.${to.join('.')}`,
    };
  }
  return createMachine({ id: 'gen', ...root });
}
