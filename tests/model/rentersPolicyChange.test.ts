import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  rentersCancelMachine,
  rentersDiscontinueMachine,
  rentersReinstateMachine,
  type PolicyChangeEvent,
  type PolicyChangeMachine,
  type PolicyChangeState,
} from '../../src/machines/rentersPolicyChange';
import {
  changeInputsValid,
  contextRequest,
  judgeCommit,
  requestFingerprint,
  type ChangeInputs,
  type ChangePreview,
  type PolicyChangeContext,
} from '../../src/machines/rentersPolicyChangeContext';
import { changeAllowedFrom, type RentersChangeKind } from '../../src/machines/rentersPolicyStatus';
import { listTransitions, transitionsTaken } from '../../src/machines/transitions';
import { CoverageLog, reachedDescription, writeCoverage } from './coverageFile';

type ChangeSnapshot = SnapshotFrom<PolicyChangeMachine>;

const POLICY = 'RNT-TX-00000042';

// Per flow: a full set of inputs, a second edit on top of it, and the state a flow may start from.
const FLOWS: Record<
  RentersChangeKind,
  { machine: PolicyChangeMachine; name: string; full: ChangeInputs; more: ChangeInputs }
> = {
  cancel: {
    machine: rentersCancelMachine,
    name: 'rentersCancel',
    full: { reasonCode: 'CUSTOMER_REQUEST', cancellationMethod: 'PRO_RATA', cancelDate: '2027-01-15' },
    more: { cancellationMethod: 'FLAT' },
  },
  discontinue: {
    machine: rentersDiscontinueMachine,
    name: 'rentersDiscontinue',
    full: { reasonCode: 'UNDERWRITING' },
    more: { note: 'Customer told by phone.' },
  },
  reinstate: {
    machine: rentersReinstateMachine,
    name: 'rentersReinstate',
    full: { reasonCode: 'PAYMENT_RECEIVED' },
    more: { note: 'Lapse paid in full.' },
  },
};

// What the server would answer for these inputs: the figures do not matter to the machine, the fingerprint does.
function previewOf(kind: RentersChangeKind, fingerprint: string): ChangePreview {
  return {
    fingerprint,
    effectiveDate: '2027-01-15',
    settlement:
      kind === 'cancel'
        ? { kind: 'refund', amountCents: 9_861 }
        : kind === 'reinstate'
          ? { kind: 'charge', amountCents: 4_200 }
          : { kind: 'none', amountCents: 0 },
    feesCents: kind === 'reinstate' ? 500 : 0,
    newState: kind === 'cancel' ? 'pendingCancellation' : kind === 'discontinue' ? 'nonRenewing' : 'active',
    newStatusCode: kind === 'cancel' ? 'CANCELLED' : 'ACTIVE',
    commissionClawbackCents: kind === 'cancel' ? 986 : 0,
  };
}

// The server's signed token of a preview; opaque to the machine, which only holds it for the commit.
const TOKEN = 'pv1.test.token';

// Answers for the right inputs that no flow can take: figures that cannot be, a state the flow never leads to.
function malformed(fingerprint: string): PolicyChangeEvent[] {
  const kinds: RentersChangeKind[] = ['cancel', 'discontinue', 'reinstate'];
  return kinds.flatMap((kind) => {
    const p = previewOf(kind, fingerprint);
    return [
      { ...p, settlement: { kind: 'refund' as const, amountCents: -100 } },
      { ...p, settlement: { kind: 'none' as const, amountCents: 100 } },
      { ...p, feesCents: 12.5 },
      { ...p, commissionClawbackCents: -1 },
      { ...p, effectiveDate: '15/01/2027' },
      { ...p, newState: 'rewritten' as const },
      { ...p, newStatusCode: 'EXPIRED' as const },
    ].map((preview): PolicyChangeEvent => ({
      type: 'change.previewSucceeded',
      preview,
      previewToken: TOKEN,
    }));
  });
}

const currentFingerprint = (context: PolicyChangeContext): string => {
  const request = contextRequest(context);
  return request ? requestFingerprint(request) : 'v1:no-request';
};

function describeFlow(kind: RentersChangeKind) {
  const { machine, name, full, more } = FLOWS[kind];
  const allowedFrom = (['active', 'nonRenewing', 'pendingCancellation', 'cancelled'] as const).find((s) =>
    changeAllowedFrom(kind, s),
  );
  if (!allowedFrom) throw new Error(`no state allows ${kind}`);

  const opened: PolicyChangeEvent = {
    type: 'change.opened',
    policyNumber: POLICY,
    policyVersion: 3,
    policyState: allowedFrom,
  };
  const edit = (changes: ChangeInputs): PolicyChangeEvent => ({ type: 'change.inputsEdited', changes });
  const commit: PolicyChangeEvent = { type: 'change.commitRequested' };
  const previewRequested: PolicyChangeEvent = { type: 'change.previewRequested' };
  const confirm: PolicyChangeEvent = { type: 'change.confirmRequested' };
  const close: PolicyChangeEvent = { type: 'change.closed' };

  // Samples a guard must refuse are listed too; only what a state accepts becomes an edge.
  const samples: PolicyChangeEvent[] = [
    opened,
    { ...opened, policyState: 'rewritten' },
    { ...opened, policyVersion: 0 },
    edit(full),
    edit(more),
    edit({ reasonCode: null }),
    edit({ policyNumber: 'RNT-TX-00000001' }),
    edit({}),
    previewRequested,
    { type: 'change.previewFailed', errors: { reasonCode: ['The reason code is not enabled.'] } },
    confirm,
    { type: 'change.confirmDeclined' },
    commit,
    { type: 'change.commitFailed', errors: { commit: ['No answer from the server.'] }, retryable: true },
    {
      type: 'change.commitFailed',
      errors: { commit: ['The policy has changed since the preview.'] },
      retryable: false,
    },
    close,
  ];

  // The server's answers depend on what was asked: one for the current inputs, one for others.
  function eventsFrom(candidates: PolicyChangeEvent[]) {
    return (state: ChangeSnapshot): PolicyChangeEvent[] => {
      const fingerprint = currentFingerprint(state.context);
      const answers: PolicyChangeEvent[] = [
        { type: 'change.previewSucceeded', preview: previewOf(kind, fingerprint), previewToken: TOKEN },
        { type: 'change.previewSucceeded', preview: previewOf(kind, 'v1:other-inputs'), previewToken: TOKEN },
        ...malformed(fingerprint),
        {
          type: 'change.commitSucceeded',
          outcome: { ...previewOf(kind, state.context.preview?.fingerprint ?? fingerprint), committed: true },
        },
        {
          type: 'change.commitSucceeded',
          outcome: { ...previewOf(kind, 'v1:other-inputs'), committed: true },
        },
      ];
      return [...candidates, ...answers].filter((e) => state.can(e));
    };
  }

  const shape = (state: ChangeSnapshot) =>
    JSON.stringify([
      state.value,
      state.context.inputs,
      state.context.preview !== null,
      state.context.retryable,
      Object.keys(state.context.errors),
    ]);

  // A vertex is the state, inputs, preview and the transition that led there, so shortest paths take every
  // transition of the definition.
  const model = createTestModel(machine, {
    events: eventsFrom(samples),
    serializeState: (state: ChangeSnapshot, event: EventObject | undefined, prev?: ChangeSnapshot) =>
      shape(state) + JSON.stringify(event && prev ? transitionsTaken(machine, prev, event) : []),
  });
  // Simple paths over the states alone with one sample per outcome: every way through the dialog once.
  const journeys = createTestModel(machine, {
    events: eventsFrom([
      opened,
      edit(full),
      previewRequested,
      { type: 'change.previewFailed', errors: { preview: ['Try again.'] } },
      confirm,
      { type: 'change.confirmDeclined' },
      commit,
      { type: 'change.commitFailed', errors: { commit: ['No answer.'] }, retryable: true },
    ]),
    serializeState: (state: ChangeSnapshot) => JSON.stringify(state.value),
  });

  const coverage = new CoverageLog();
  let strict = true;
  let actor: Actor<PolicyChangeMachine>;

  const eventTypes = [
    ...new Set([
      ...samples.map((e) => e.type),
      'change.previewSucceeded' as const,
      'change.commitSucceeded' as const,
    ]),
  ];
  const execs = Object.fromEntries(
    eventTypes.map((type) => [
      type,
      ({ event }: { event: PolicyChangeEvent }) => {
        coverage.took(event, transitionsTaken(machine, actor.getSnapshot(), event));
        actor.send(event);
      },
    ]),
  );

  const can = (e: PolicyChangeEvent) => actor.getSnapshot().can(e);

  function expectCommon(expected: ChangeSnapshot): ChangeSnapshot {
    const s = actor.getSnapshot();
    expect(s.value).toEqual(expected.value);
    // Simple-path vertices are state values alone, so only the shortest paths pin the whole context.
    if (strict) expect(s.context).toEqual(expected.context);
    expect(s.context.kind).toBe(kind);
    // The token is held exactly while a preview is.
    expect(s.context.previewToken === null).toBe(s.context.preview === null);
    // The dialog never opens a second time over a running one.
    expect(can(opened)).toBe(s.value === 'idle');
    return s;
  }

  // The server's verdict on a commit of what the dialog holds, at the version it saw.
  function verdict(context: PolicyChangeContext, committed: string[] = []) {
    const request = contextRequest(context);
    if (!request || !context.preview) throw new Error('no request to commit');
    return judgeCommit({
      previewedFingerprint: context.preview.fingerprint,
      request,
      currentVersion: request.policyVersion,
      committedFingerprints: committed,
    });
  }

  const states: Record<PolicyChangeState, (expected: ChangeSnapshot) => void> = {
    idle: (expected) => {
      const s = expectCommon(expected);
      expect(s.context.policyNumber).toBeNull();
      expect(s.context.inputs).toEqual({});
      expect(can({ ...opened, policyState: 'rewritten' })).toBe(false);
      expect(can(commit)).toBe(false);
      expect(can(previewRequested)).toBe(false);
    },
    editing: (expected) => {
      const s = expectCommon(expected);
      expect(s.context.policyNumber).toBe(POLICY);
      // Any edit after a preview invalidates it.
      expect(s.context.preview).toBeNull();
      expect(can(previewRequested)).toBe(changeInputsValid(kind, s.context.inputs));
      expect(can(confirm)).toBe(false);
      expect(can(commit)).toBe(false);
      expect(can(edit({ policyNumber: 'RNT-TX-00000001' }))).toBe(false);
    },
    previewing: (expected) => {
      const s = expectCommon(expected);
      expect(changeInputsValid(kind, s.context.inputs)).toBe(true);
      expect(can(previewRequested)).toBe(false);
      expect(can(commit)).toBe(false);
      // An answer for other inputs is not taken.
      expect(
        can({
          type: 'change.previewSucceeded',
          preview: previewOf(kind, 'v1:other-inputs'),
          previewToken: TOKEN,
        }),
      ).toBe(false);
      expect(
        can({
          type: 'change.previewSucceeded',
          preview: previewOf(kind, currentFingerprint(s.context)),
          previewToken: TOKEN,
        }),
      ).toBe(true);
      for (const e of malformed(currentFingerprint(s.context))) expect(can(e)).toBe(false);
      // Nor an answer without the token its commit must present.
      expect(
        can({
          type: 'change.previewSucceeded',
          preview: previewOf(kind, currentFingerprint(s.context)),
          previewToken: '',
        }),
      ).toBe(false);
      // Nor the figures of another flow.
      for (const other of ['cancel', 'discontinue', 'reinstate'] as const)
        expect(
          can({
            type: 'change.previewSucceeded',
            preview: previewOf(other, currentFingerprint(s.context)),
            previewToken: TOKEN,
          }),
        ).toBe(other === kind);
    },
    previewFailed: (expected) => {
      const s = expectCommon(expected);
      expect(s.context.preview).toBeNull();
      expect(Object.keys(s.context.errors).length).toBeGreaterThan(0);
      expect(can(previewRequested)).toBe(true);
      expect(can(commit)).toBe(false);
    },
    previewed: (expected) => {
      const s = expectCommon(expected);
      expect(s.context.preview?.fingerprint).toBe(currentFingerprint(s.context));
      // The preview's token is held for the commit.
      expect(s.context.previewToken).toBe(TOKEN);
      expect(verdict(s.context)).toBe('commit');
      expect(can(confirm)).toBe(true);
      // Committing takes the confirmation first.
      expect(can(commit)).toBe(false);
    },
    confirming: (expected) => {
      const s = expectCommon(expected);
      expect(s.context.preview?.fingerprint).toBe(currentFingerprint(s.context));
      expect(can(commit)).toBe(true);
      expect(can(previewRequested)).toBe(false);
    },
    committing: (expected) => {
      const s = expectCommon(expected);
      expect(verdict(s.context)).toBe('commit');
      // A double click, an edit or closing the dialog while the commit runs is not accepted.
      expect(can(commit)).toBe(false);
      expect(can(edit(more))).toBe(false);
      expect(can(close)).toBe(false);
    },
    commitFailed: (expected) => {
      const s = expectCommon(expected);
      expect(Object.keys(s.context.errors)).toEqual(['commit']);
      expect(can(commit)).toBe(s.context.retryable);
      // A refusal drops the preview: the change must be previewed again.
      expect(s.context.preview === null).toBe(!s.context.retryable);
      expect(can(previewRequested)).toBe(true);
    },
    committed: (expected) => {
      const s = expectCommon(expected);
      expect(s.status).toBe('done');
      expect(s.context.outcome?.committed).toBe(true);
      expect(s.context.outcome?.fingerprint).toBe(s.context.preview?.fingerprint);
      // Committing again (a retry, another tab) is answered with the first outcome, never a second change.
      expect(verdict(s.context, [s.context.outcome?.fingerprint ?? ''])).toBe('repeat');
      expect(can(commit)).toBe(false);
      expect(can(close)).toBe(false);
    },
  };

  describe(`renters ${kind} machine (model-based)`, () => {
    const suites = { shortest: model.getShortestPaths(), simple: journeys.getSimplePaths() };
    for (const [suite, paths] of Object.entries(suites)) {
      describe(`${suite} paths`, () => {
        it('generates paths', () => {
          expect(paths.length).toBeGreaterThan(0);
        });
        for (const path of paths) {
          it(path.description, async () => {
            actor = createActor(machine).start();
            strict = suite === 'shortest';
            coverage.begin(suite, reachedDescription(path));
            await path.test({ states, events: execs });
            actor.stop();
          });
        }
      });
    }

    it('reaches every transition of the definition', () => {
      expect([...coverage.covered].sort()).toEqual([...listTransitions(machine)].sort());
    });

    afterAll(() => writeCoverage(name, coverage.covered, coverage.paths));
  });
}

describeFlow('cancel');
describeFlow('discontinue');
describeFlow('reinstate');
