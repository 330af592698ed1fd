import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { RentersQuoteResponse, type RentersQuoteView } from '../../src/api/schemas/rentersQuotes';
import type { RentersRewriteView } from '../../src/api/schemas/rentersRewrite';
import {
  rentersRewriteEligibilityMachine,
  type RewriteCheck,
  type RewriteEvent,
} from '../../src/machines/rentersRewriteEligibility';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import { entityApi, expectStatus } from '../support/entityApi';
import { INTERNAL, MANAGER, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf } from '../support/records';
import { rentersQuoteApi } from '../support/rentersQuoteApi';
import { rentersPolicyIn, rentersRewriteApi, type RewritableKind } from '../support/rentersRewriteApi';
import { useTestServer } from '../support/suite';
import { coveringPaths, type CoveringPath } from '../support/transitionCover';
import { testDatabases } from '../support/testServer';
import { CoverageLog, addCoverage } from './coverageFile';

// The rewrite eligibility statechart drives the real server (docs/decisions/008): paths that together take
// every transition are walked through the API, each event done as the portal does it, and each state the
// machine reaches is checked against what the server answers about the policy.
type RewriteSnapshot = SnapshotFrom<typeof rentersRewriteEligibilityMachine>;

const OLD = 'RNT-TX-00000042';
const NEW = 'RNT-TX-00000077';

const check = (overrides: Partial<RewriteCheck>): RewriteEvent => ({
  type: 'rewrite.checked',
  check: {
    policyNumber: OLD,
    statusCode: 'ACTIVE',
    nonRenew: false,
    rewrittenAs: null,
    hasRewritePrivilege: true,
    ...overrides,
  },
});

const nonRenewing = check({ nonRenew: true });
const started: RewriteEvent = { type: 'rewrite.started', quoteId: '3f1c9a52-7d2e-4f1b-9a55-0c6f4b7e2d10' };
const completed: RewriteEvent = { type: 'rewrite.completed', newPolicyNumber: NEW };

const samples: RewriteEvent[] = [
  check({ statusCode: 'CANCELLED' }),
  nonRenewing,
  check({}),
  check({ statusCode: 'CANCELLED', hasRewritePrivilege: false }),
  check({ statusCode: 'CANCELLED', rewrittenAs: NEW }),
  started,
  { type: 'rewrite.abandoned' },
  completed,
];

const model = createTestModel(rentersRewriteEligibilityMachine, {
  events: (state) => samples.filter((e) => state.can(e)),
  serializeState: (state: RewriteSnapshot, event, prev?: RewriteSnapshot) =>
    JSON.stringify([state.value, state.context]) +
    JSON.stringify(event && prev ? transitionsTaken(rentersRewriteEligibilityMachine, prev, event) : []),
});
// The covering paths take every transition with whichever check sample reaches it first; each other kind of
// policy (non-renewing, no privilege, already rewritten) is checked on its own too, and a non-renewing one
// is rewritten to the end.
const covering = coveringPaths(rentersRewriteEligibilityMachine, model);
const startsWith = (event: RewriteEvent) =>
  covering.some((c) => JSON.stringify(c.events[0]) === JSON.stringify(event));
const paths: CoveringPath<RewriteEvent>[] = [
  ...covering,
  ...samples
    .filter((e) => e.type === 'rewrite.checked' && !startsWith(e))
    .map((e) => ({ events: [e], transitions: [] })),
  { events: [nonRenewing, started, completed], transitions: [] },
];
const coverage = new CoverageLog();

// The policy a check stands for, and who asks: a user without renters_plcy_rewrite is manager@.
type CheckKind = RewritableKind | 'rewritten';
function kindOf(c: RewriteCheck): CheckKind {
  if (c.rewrittenAs !== null) return 'rewritten';
  if (c.statusCode === 'CANCELLED') return 'cancelled';
  return c.nonRenew ? 'nonRenewing' : 'active';
}

const describePath = (path: CoveringPath<RewriteEvent>) =>
  path.events
    .map(
      (e) =>
        e.type.replace('rewrite.', '') + (e.type === 'rewrite.checked' ? `(${describeCheck(e.check)})` : ''),
    )
    .join(' → ');
const describeCheck = (c: RewriteCheck) => `${kindOf(c)}${c.hasRewritePrivilege ? '' : ', no privilege'}`;

describe.each(testDatabases())(
  'renters rewrite eligibility through the API on %s (model-based)',
  (database) => {
    const s = useTestServer(database);
    const e = entityApi(() => s.api);
    const r = rentersQuoteApi(e);
    const w = rentersRewriteApi(e, r);
    const db = () => s.t.server.database.db;

    // What a path is working on: the policy last checked, who checked it, the open rewrite quote.
    interface World {
      policy: { policyNumber: string; matterId: number } | null;
      email: string;
      rewrittenAs: string | null;
      quote: RentersQuoteView | null;
    }

    async function policyFor(c: RewriteCheck) {
      const kind = kindOf(c);
      const policy = await rentersPolicyIn(
        db(),
        await entityIdOf(db(), NORTHWIND_AUSTIN),
        kind === 'rewritten' ? 'cancelled' : kind,
      );
      if (kind !== 'rewritten') return { policy, rewrittenAs: null };
      const bought = await w.buy(await w.toReview(policy.policyNumber));
      expectStatus(bought, 200);
      return { policy, rewrittenAs: RentersQuoteResponse.parse(bought.body).data.policy!.policy_number };
    }

    async function perform(world: World, event: RewriteEvent): Promise<void> {
      switch (event.type) {
        case 'rewrite.checked': {
          const { policy, rewrittenAs } = await policyFor(event.check);
          world.policy = policy;
          world.rewrittenAs = rewrittenAs;
          world.email = event.check.hasRewritePrivilege ? INTERNAL : MANAGER;
          world.quote = null;
          return;
        }
        case 'rewrite.started': {
          const started = await w.start(world.policy!.policyNumber, world.email);
          expectStatus(started, 200);
          world.quote = RentersQuoteResponse.parse(started.body).data;
          return;
        }
        case 'rewrite.abandoned':
          // The agent leaves the quote: nothing is sent, the quote simply stays unbought.
          world.quote = null;
          return;
        case 'rewrite.completed': {
          const base = `/v2/renters/quotes/${world.quote!.id}`;
          const q = world.quote!;
          await r.step(`${base}/coverage`, { term_interval: 'annual', coverage: q.coverage }, world.email);
          await r.step(`${base}/customer`, { customer: q.customer, contacts: q.contacts }, world.email);
          const review = await r.step(
            `${base}/payment-method`,
            { token: await r.token(undefined, world.email), billing_zip_code: '78701' },
            world.email,
          );
          const bought = await w.buy(review, world.email);
          expectStatus(bought, 200);
          world.rewrittenAs = RentersQuoteResponse.parse(bought.body).data.policy!.policy_number;
          return;
        }
      }
    }

    // The machine's blockers name sample numbers; the server's name the real ones.
    const realBlockers = (snapshot: RewriteSnapshot, world: World) =>
      snapshot.context.blockers.map((b) => (world.rewrittenAs ? b.replace(NEW, world.rewrittenAs) : b));

    async function expectState(snapshot: RewriteSnapshot, world: World): Promise<void> {
      if (snapshot.value === 'unknown') {
        expect(world.policy).toBeNull();
        return;
      }
      const answer: RentersRewriteView = await w.eligibility(world.policy!.matterId, world.email);
      expect(answer.source.policy_number).toBe(world.policy!.policyNumber);
      switch (snapshot.value) {
        case 'eligible': {
          expect(answer).toMatchObject({ eligible: true, blockers: [], rewritten_as: null });
          return;
        }
        case 'ineligible': {
          expect(answer.eligible).toBe(false);
          expect(answer.blockers).toEqual(realBlockers(snapshot, world));
          // The server refuses what the machine does not allow: no rewrite quote is opened.
          const refused = await w.start(world.policy!.policyNumber, world.email);
          expect(refused.status, refused.text).toBe(world.email === MANAGER ? 403 : 409);
          return;
        }
        case 'rewriting': {
          // The open quote rewrites the policy; until it is bought the policy is not linked.
          const quote = await r.view(world.quote!.id, world.email);
          expect(quote).toMatchObject({ rewrite_of: world.policy!.policyNumber, step: 'coverage' });
          expect(answer).toMatchObject({ eligible: true, rewritten_as: null });
          return;
        }
        case 'rewritten': {
          expect(answer.eligible).toBe(false);
          expect(answer.rewritten_as?.policy_number).toBe(world.rewrittenAs);
          expect(answer.blockers).toEqual([`The policy was already rewritten as ${world.rewrittenAs}.`]);
          return;
        }
      }
      throw new Error(`No check for state ${JSON.stringify(snapshot.value)}`);
    }

    it('has paths that take every transition', () => {
      expect(paths.length).toBeGreaterThan(0);
    });

    for (const [index, path] of paths.entries()) {
      it(`path ${index + 1}: ${describePath(path)}`, async () => {
        const world: World = { policy: null, email: INTERNAL, rewrittenAs: null, quote: null };
        const actor = createActor(rentersRewriteEligibilityMachine).start();
        coverage.begin(`API on ${database}`, describePath(path));
        await expectState(actor.getSnapshot(), world);
        for (const event of path.events) {
          const before = actor.getSnapshot();
          await perform(world, event);
          coverage.took(event, transitionsTaken(rentersRewriteEligibilityMachine, before, event));
          actor.send(event);
          await expectState(actor.getSnapshot(), world);
        }
        actor.stop();
      });
    }

    it('took every transition of the definition', () => {
      expect([...coverage.covered].sort()).toEqual(
        [...listTransitions(rentersRewriteEligibilityMachine)].sort(),
      );
    });
  },
);

// Adds to what the pure model test recorded (never narrows it).
afterAll(() => addCoverage('rentersRewriteEligibility', 'api', coverage));
