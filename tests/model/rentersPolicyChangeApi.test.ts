import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { RentersChangeResponse, previewOfResult } from '../../src/api/schemas/rentersPolicyChanges';
import {
  createPolicyChangeMachine,
  type PolicyChangeEvent,
  type PolicyChangeMachine,
} from '../../src/machines/rentersPolicyChange';
import {
  COMMIT_REFUSALS,
  contextRequest,
  requestFingerprint,
  type ChangeInputs,
  type PolicyChangeContext,
} from '../../src/machines/rentersPolicyChangeContext';
import type { RentersChangeKind } from '../../src/machines/rentersPolicyStatus';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import { readStream } from '../../src/server/store/eventStore';
import { entityApi, type EntityApi } from '../support/entityApi';
import { apiFor } from '../support/http';
import { INTERNAL, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf } from '../support/records';
import {
  addDays,
  issueTestRentersPolicy,
  rentersPolicyIssue,
  businessToday,
} from '../support/rentersPolicyFixtures';
import { startTestServer, type TestServer } from '../support/testServer';
import { coveringPaths } from '../support/transitionCover';
import { CoverageLog, addCoverage } from './coverageFile';

// The three change machines driven against a real server (docs/decisions/008): each covering path's events
// become API calls — a preview answer is the server's, a commit's outcome too, a refusal is a mismatching
// commit — and after each step the machine's state is checked against the policy's stream and read row.
type ChangeSnapshot = SnapshotFrom<PolicyChangeMachine>;
const CHANGE_EVENT = {
  cancel: 'renters.cancelled',
  discontinue: 'renters.discontinued',
  reinstate: 'renters.reinstated',
};
const START = { cancel: 'active', discontinue: 'active', reinstate: 'cancelled' } as const;
const today = businessToday();
const INPUTS: Record<RentersChangeKind, { full: ChangeInputs; more: ChangeInputs }> = {
  cancel: {
    full: { reasonCode: 'CUSTOMER_REQUEST', cancellationMethod: 'PRO_RATA', cancelDate: addDays(today, 5) },
    more: { cancellationMethod: 'FLAT' },
  },
  discontinue: { full: { reasonCode: 'UNDERWRITING' }, more: { note: 'Told by phone.' } },
  reinstate: { full: { reasonCode: 'PAYMENT_RECEIVED' }, more: { note: 'Lapse paid.' } },
};

function modelOf(kind: RentersChangeKind, machine: PolicyChangeMachine) {
  const { full, more } = INPUTS[kind];
  const opened: PolicyChangeEvent = {
    type: 'change.opened',
    policyNumber: 'RNT-TX-00000001',
    policyVersion: 1,
    policyState: START[kind],
  };
  const samples: PolicyChangeEvent[] = [
    opened,
    { type: 'change.inputsEdited', changes: full },
    { type: 'change.inputsEdited', changes: more },
    { type: 'change.inputsEdited', changes: { reasonCode: null } },
    { type: 'change.previewRequested' },
    { type: 'change.previewFailed', errors: { reasonCode: ['refused'] } },
    { type: 'change.confirmRequested' },
    { type: 'change.confirmDeclined' },
    { type: 'change.commitRequested' },
    { type: 'change.commitFailed', errors: { commit: ['No answer.'] }, retryable: true },
    { type: 'change.commitFailed', errors: { commit: ['Refused.'] }, retryable: false },
    { type: 'change.closed' },
  ];
  const fingerprintOf = (c: PolicyChangeContext) => {
    const request = contextRequest(c);
    return request ? requestFingerprint(request) : 'v1:none';
  };
  const figures = {
    effectiveDate: today,
    settlement: { kind: 'none' as const, amountCents: 0 },
    feesCents: 0,
    newState:
      kind === 'cancel'
        ? ('cancelled' as const)
        : kind === 'discontinue'
          ? ('nonRenewing' as const)
          : ('active' as const),
    newStatusCode: kind === 'cancel' ? ('CANCELLED' as const) : ('ACTIVE' as const),
    commissionClawbackCents: 0,
  };
  return createTestModel(machine, {
    events: (state: ChangeSnapshot) =>
      [
        ...samples,
        {
          type: 'change.previewSucceeded',
          preview: { ...figures, fingerprint: fingerprintOf(state.context) },
          previewToken: 'pv1.sample',
        },
        {
          type: 'change.commitSucceeded',
          outcome: { ...figures, fingerprint: state.context.preview?.fingerprint ?? 'x', committed: true },
        },
      ].filter((e) => state.can(e as PolicyChangeEvent)) as PolicyChangeEvent[],
    serializeState: (state: ChangeSnapshot, event: EventObject | undefined, prev?: ChangeSnapshot) =>
      JSON.stringify([
        state.value,
        state.context.inputs,
        state.context.preview !== null,
        state.context.retryable,
        event && prev ? transitionsTaken(machine, prev, event) : [],
      ]),
  });
}

const describePath = (events: PolicyChangeEvent[]) =>
  events.map((ev) => ev.type.replace('change.', '')).join(' → ');

let server: TestServer;
let e: EntityApi;
beforeAll(async () => {
  server = await startTestServer('pglite');
  const api = apiFor(server.url);
  e = entityApi(() => api);
});
afterAll(async () => {
  await server?.close();
});

function describeFlow(kind: RentersChangeKind) {
  const machine = createPolicyChangeMachine(kind);
  const name = `renters${kind[0]!.toUpperCase()}${kind.slice(1)}`;
  const paths = coveringPaths(machine, modelOf(kind, machine));
  const coverage = new CoverageLog();

  const db = () => server.server.database.db;
  const stream = (policyNumber: string) =>
    db()
      .transaction()
      .execute((trx) => readStream(trx, 'renters_policy', policyNumber));

  // A policy the flow may start from: effective today (so a flat cancel is allowed), cancelled to reinstate.
  async function policyFor() {
    const issue = rentersPolicyIssue({
      entityId: await entityIdOf(db(), NORTHWIND_AUSTIN),
      termInterval: 'annual',
    });
    const issued = await issueTestRentersPolicy(db(), issue);
    if (kind === 'reinstate') {
      // Cancelled as staff cancel it: a flat cancel previewed, then committed with the preview's token.
      const data = {
        policy_number: issued.policyNumber,
        reason_code: 'CUSTOMER_REQUEST',
        cancellation_method: 'FLAT',
      };
      const cancel = (body: Record<string, unknown>) =>
        e.post(`/v2/renters/policies/${issued.matterId}/cancel`, INTERNAL, { data: { ...data, ...body } });
      const preview = await cancel({ commit: false });
      expect(preview.status, preview.text).toBe(200);
      const { preview_token, fingerprint } = RentersChangeResponse.parse(preview.body).data;
      const committed = await cancel({ commit: true, preview_token, preview_fingerprint: fingerprint });
      expect(committed.status, committed.text).toBe(200);
    }
    return { ...issued, version: (await stream(issued.policyNumber)).length };
  }

  describe(`renters ${kind} machine against the API`, () => {
    it('has covering paths', () => {
      expect(paths.length).toBeGreaterThan(0);
    });

    for (const [index, path] of paths.entries()) {
      it(`path ${index + 1}: ${describePath(path.events)}`, async () => {
        const policy = await policyFor();
        const actor = createActor(machine).start();
        coverage.begin('API on pglite', describePath(path.events));
        const post = (data: Record<string, unknown>) =>
          e.post(`/v2/renters/policies/${policy.matterId}/${kind}`, INTERNAL, { data });
        const wire = (inputs: ChangeInputs, extra: Record<string, unknown>) => ({
          policy_number: policy.policyNumber,
          ...(inputs.reasonCode ? { reason_code: inputs.reasonCode } : {}),
          ...(inputs.cancellationMethod ? { cancellation_method: inputs.cancellationMethod } : {}),
          ...(inputs.cancelDate ? { cancel_date: inputs.cancelDate } : {}),
          ...(inputs.note ? { note: inputs.note } : {}),
          policy_version: policy.version,
          ...extra,
        });
        let committedAnswer: unknown = null;

        for (const sample of path.events) {
          const context = actor.getSnapshot().context;
          let event: PolicyChangeEvent = sample;
          if (sample.type === 'change.opened') {
            event = { ...sample, policyNumber: policy.policyNumber, policyVersion: policy.version };
          } else if (sample.type === 'change.previewSucceeded') {
            const answer = await post(wire(context.inputs, { commit: false }));
            expect(answer.status, answer.text).toBe(200);
            const result = RentersChangeResponse.parse(answer.body).data;
            const preview = previewOfResult(result);
            expect(preview.fingerprint).toBe(requestFingerprint(contextRequest(context)!));
            event = { type: 'change.previewSucceeded', preview, previewToken: result.preview_token! };
          } else if (sample.type === 'change.previewFailed') {
            // A reason of another flow: the server refuses it under the field.
            const answer = await post(
              wire({ ...context.inputs, reasonCode: 'NOT_A_REASON' }, { commit: false }),
            );
            expect(answer.status, answer.text).toBe(422);
            event = {
              type: 'change.previewFailed',
              errors: (answer.body as { errors: Record<string, string[]> }).errors,
            };
          } else if (sample.type === 'change.commitFailed' && !sample.retryable) {
            // Other inputs than the previewed ones, sent with the preview's fingerprint.
            const answer = await post(
              wire(
                { ...context.inputs, note: `changed ${index}` },
                {
                  commit: true,
                  preview_fingerprint: context.preview!.fingerprint,
                  preview_token: context.previewToken,
                },
              ),
            );
            expect(answer.status, answer.text).toBe(409);
            const message = (answer.body as { message: string }).message;
            expect(message).toBe(COMMIT_REFUSALS.inputsChanged);
            event = { type: 'change.commitFailed', errors: { commit: [message] }, retryable: false };
          } else if (sample.type === 'change.commitFailed') {
            // The request never reached the server (no answer): nothing stored, the same commit may be sent again.
            event = sample;
          } else if (sample.type === 'change.commitSucceeded') {
            const body = wire(context.inputs, {
              commit: true,
              preview_fingerprint: context.preview!.fingerprint,
              preview_token: context.previewToken,
            });
            const first = await post(body);
            expect(first.status, first.text).toBe(200);
            // A double click: the same commit again answers the same outcome and changes nothing more.
            const again = await post(body);
            expect(again.body).toEqual(first.body);
            const result = RentersChangeResponse.parse(first.body).data;
            committedAnswer = result;
            event = {
              type: 'change.commitSucceeded',
              outcome: { ...previewOfResult(result), committed: true },
            };
          }
          coverage.took(event, transitionsTaken(machine, actor.getSnapshot(), event));
          expect(
            actor.getSnapshot().can(event),
            `${event.type} in ${JSON.stringify(actor.getSnapshot().value)}`,
          ).toBe(true);
          actor.send(event);

          // What the server did agrees with where the machine is.
          const events = await stream(policy.policyNumber);
          const changes = events.filter((ev) => ev.type === CHANGE_EVENT[kind]);
          const state = actor.getSnapshot();
          expect(changes.length).toBe(state.value === 'committed' ? 1 : 0);
          const row = await db()
            .selectFrom('renters_policies')
            .select('machine_state')
            .where('policy_number', '=', policy.policyNumber)
            .executeTakeFirstOrThrow();
          expect(row.machine_state).toBe(
            state.value === 'committed' ? state.context.outcome!.newState : START[kind],
          );
          if (state.value === 'committed') {
            expect(changes.at(-1)!.data).toMatchObject({ fingerprint: state.context.outcome!.fingerprint });
            expect(committedAnswer).toMatchObject({ committed: true });
          }
        }
        actor.stop();
      });
    }

    it('takes every transition of the definition through the API', () => {
      expect([...coverage.covered].sort()).toEqual([...listTransitions(machine)].sort());
    });

    // Adds to what the pure model test recorded (never narrows it).
    afterAll(() => addCoverage(name, 'api', coverage));
  });
}

describeFlow('cancel');
describeFlow('discontinue');
describeFlow('reinstate');
