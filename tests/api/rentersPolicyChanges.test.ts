import { describe, expect, it } from 'vitest';
import {
  RentersChangeReasonsResponse,
  RentersChangeResponse,
} from '../../src/api/schemas/rentersPolicyChanges';
import { COMMIT_REFUSALS } from '../../src/machines/rentersPolicyChangeContext';
import { oneYearAfter } from '../../src/server/domain/rentersPolicies/rentersPolicyNumbers';
import { appendToRentersPolicy } from '../../src/server/domain/rentersPolicies/appendToRentersPolicy';
import {
  cancelFigures,
  isCancelRefusal,
} from '../../src/server/domain/rentersPolicies/changes/rentersChangeFigures';
import { commissionClawback } from '../../src/server/domain/rentersPolicies/changes/rentersCommission';
import type { Db } from '../../src/server/store/db';
import { readStream } from '../../src/server/store/eventStore';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import { ADMIN, AGENT, INTERNAL, LAKESIDE, MANAGER, NORTHWIND_AUSTIN, REPORTS } from '../support/personas';
import { TEST_METADATA, entityIdOf } from '../support/records';
import {
  addDays,
  issuePaidRentersPolicy,
  rentersPolicyIssue,
  businessToday,
  type RentersIssueOptions,
} from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

type Kind = 'cancel' | 'discontinue' | 'reinstate';
const cents = (dollars: number) => Math.round(dollars * 100);

// POST /v2/renters/policies/{matterId}/{cancel,discontinue,reinstate} (docs/renters-cancellation.md,
// docs/decisions/008): preview then commit, repeats, refusals, money.
describe.each(testDatabases())('renters policy changes on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = (): Db => s.t.server.database.db;

  async function issued(options: Partial<RentersIssueOptions> & { entityCode?: string } = {}) {
    const entityId = await entityIdOf(db(), options.entityCode ?? NORTHWIND_AUSTIN);
    const issue = rentersPolicyIssue({ termInterval: 'annual', ...options, entityId });
    return { issue, ...(await issuePaidRentersPolicy(db(), issue)) };
  }

  // A sold policy's stream: its issue and the declarations page made with it.
  const SOLD = 2;
  const stream = (policyNumber: string) =>
    db()
      .transaction()
      .execute((trx) => readStream(trx, 'renters_policy', policyNumber));
  const row = (policyNumber: string) =>
    db()
      .selectFrom('renters_policies')
      .selectAll()
      .where('policy_number', '=', policyNumber)
      .executeTakeFirstOrThrow();
  const change = (kind: Kind, matterId: number, data: Record<string, unknown>, email = INTERNAL) =>
    e.post(`/v2/renters/policies/${matterId}/${kind}`, email, { data });
  const answerOf = (response: { status: number; text: string; body: unknown }) => {
    expectStatus(response as never, 200);
    return RentersChangeResponse.parse(response.body);
  };

  // Preview, then commit with the preview's fingerprint and token.
  async function previewAndCommit(kind: Kind, matterId: number, data: Record<string, unknown>) {
    const preview = answerOf(await change(kind, matterId, { ...data, commit: false }));
    const commit = answerOf(
      await change(kind, matterId, {
        ...data,
        commit: true,
        preview_fingerprint: preview.data.fingerprint,
        preview_token: preview.data.preview_token,
      }),
    );
    return { preview, commit };
  }

  it('lists the reasons of each flow', async () => {
    const reasons = RentersChangeReasonsResponse.parse(
      (await e.get('/v2/renters/cancellation-reasons', INTERNAL)).body,
    ).data;
    for (const scope of ['cancel', 'discontinue', 'reinstate'] as const)
      expect(reasons.some((r) => r.scope === scope && r.is_enabled)).toBe(true);
    expectError(await e.get('/v2/renters/cancellation-reasons', REPORTS), 403);
  });

  it('previews a pro-rata cancel without storing anything, then commits it to the cent and refunds', async () => {
    const today = businessToday();
    const { issue, policyNumber, matterId } = await issued({ effectiveDate: addDays(today, -40) });
    const cancelDate = addDays(today, 10);
    const data = {
      policy_number: policyNumber,
      reason_code: 'MOVED_OUT',
      cancellation_method: 'PRO_RATA',
      cancel_date: cancelDate,
      note: 'Moving abroad.',
      policy_version: 2,
    };
    const rowBefore = await row(policyNumber);
    const preview = answerOf(await change('cancel', matterId, { ...data, commit: false }));
    expect(await stream(policyNumber)).toHaveLength(SOLD);
    expect(await row(policyNumber)).toEqual(rowBefore);

    const expected = cancelFigures(
      {
        effectiveDate: issue.effectiveDate,
        expirationDate: oneYearAfter(issue.effectiveDate),
        termInterval: 'annual',
        termPremiumCents: issue.termPremiumCents,
        taxesCents: issue.taxesCents,
        firstPaymentCents: issue.payment.amountCents,
        laterPaymentCents: null,
      },
      {
        method: 'PRO_RATA',
        cancelDate,
        canBeFlatCancelled: false,
        today,
        // The demo schedule takes back renters commission at 12 % (src/server/seed/demoCommissionRules.ts).
        clawback: (_method, premiumCents) =>
          commissionClawback({ calculationType: 'PERCENT', payMultiplier: 1_200 }, premiumCents),
      },
    );
    if (isCancelRefusal(expected)) throw new Error(expected.message);
    expect(expected.settlement.kind).toBe('refund');
    expect(expected.commissionClawbackCents).toBeGreaterThan(0);
    expect(preview.data).toMatchObject({
      effective_date: cancelDate,
      settlement: { kind: 'refund', amount: expected.settlement.amountCents / 100 },
      fees: expected.feesCents / 100,
      new_state: 'pendingCancellation',
      new_status_code: 'CANCELLED',
      commission_clawback: expected.commissionClawbackCents / 100,
      committed: false,
      policy_version: 2,
    });
    expect(preview.meta).toEqual({
      cancel_date: cancelDate,
      refund_amount: expected.settlement.amountCents / 100,
      committed: false,
    });

    const commit = answerOf(
      await change('cancel', matterId, {
        ...data,
        commit: true,
        preview_fingerprint: preview.data.fingerprint,
        preview_token: preview.data.preview_token,
      }),
    );
    // Everything the preview said, to the cent.
    expect(commit.data).toEqual({ ...preview.data, committed: true, policy_version: 3, preview_token: null });
    expect(commit.meta).toEqual({ ...preview.meta, committed: true });

    const events = await stream(policyNumber);
    expect(events.map((ev) => ev.type)).toEqual([
      'renters.policyIssued',
      'renters.documentGenerated',
      'renters.cancelled',
      'renters.settled',
    ]);
    expect(events[2]!.data).toMatchObject({
      method: 'PRO_RATA',
      cancelDate,
      immediate: false,
      reasonCode: 'MOVED_OUT',
      note: 'Moving abroad.',
      fingerprint: preview.data.fingerprint,
      settlement: { kind: 'refund', amountCents: expected.settlement.amountCents },
      commissionClawbackCents: expected.commissionClawbackCents,
    });
    expect(events[2]!.metadata.idempotencyKey).toBe(preview.data.fingerprint);
    expect(events[3]!.data).toMatchObject({
      kind: 'refund',
      amountCents: expected.settlement.amountCents,
      status: 'SUCCEEDED',
      transactionDate: today,
    });
    const reference = (events[3]!.data as { reference: string }).reference;
    expect(reference).toMatch(/^re_/);
    const refund = await db()
      .selectFrom('payment_refunds')
      .selectAll()
      .where('refund_id', '=', reference)
      .executeTakeFirstOrThrow();
    expect(refund).toMatchObject({
      charge_id: issue.payment.chargeId,
      amount_cents: expected.settlement.amountCents,
    });
    expect(await row(policyNumber)).toMatchObject({
      machine_state: 'pendingCancellation',
      status_code: 'CANCELLED',
    });

    // The month's commission statement takes back exactly the clawback the preview showed.
    expectStatus(
      await e.post('/v2/commission-statements/generate', ADMIN, { data: { month: today.slice(0, 7) } }),
      200,
    );
    const chargeback = await db()
      .selectFrom('commission_statement_lines')
      .select(['event_code', 'amount_cents'])
      .where('policy_number', '=', policyNumber)
      .where('event_code', '=', 'CN')
      .executeTakeFirstOrThrow();
    expect(Number(chargeback.amount_cents)).toBe(-expected.commissionClawbackCents);
  });

  it('flat-cancels only in the free look', async () => {
    const today = businessToday();
    const fresh = await issued({ effectiveDate: today });
    const data = {
      policy_number: fresh.policyNumber,
      reason_code: 'CUSTOMER_REQUEST',
      cancellation_method: 'FLAT',
      policy_version: 2,
    };
    const { preview, commit } = await previewAndCommit('cancel', fresh.matterId, data);
    const { issue } = fresh;
    expect(preview.data).toMatchObject({
      effective_date: today,
      settlement: { kind: 'refund', amount: (issue.termPremiumCents + issue.taxesCents) / 100 },
      fees: issue.feesCents / 100,
      new_state: 'cancelled',
    });
    expect(commit.data).toEqual({ ...preview.data, committed: true, policy_version: 3, preview_token: null });
    expect((await row(fresh.policyNumber)).machine_state).toBe('cancelled');

    const old = await issued({ effectiveDate: addDays(today, -45) });
    const refused = expectValidationError(
      await change('cancel', old.matterId, { ...data, policy_number: old.policyNumber, commit: false }),
      ['data.cancellation_method'],
    );
    expect(refused.errors['data.cancellation_method']![0]).toMatch(/free look/);
    expect(await stream(old.policyNumber)).toHaveLength(SOLD);
  });

  it('cancels once when the commit is repeated, one after the other or at the same time', async () => {
    const today = businessToday();
    for (const together of [false, true]) {
      const { policyNumber, matterId } = await issued({ effectiveDate: addDays(today, -60) });
      const data = {
        policy_number: policyNumber,
        reason_code: 'NON_PAYMENT',
        cancellation_method: 'PRO_RATA',
        cancel_date: today,
        policy_version: 2,
      };
      const preview = answerOf(await change('cancel', matterId, { ...data, commit: false }));
      const commitBody = {
        ...data,
        commit: true,
        preview_fingerprint: preview.data.fingerprint,
        preview_token: preview.data.preview_token,
      };
      const answers = together
        ? await Promise.all([change('cancel', matterId, commitBody), change('cancel', matterId, commitBody)])
        : [await change('cancel', matterId, commitBody), await change('cancel', matterId, commitBody)];
      const [first, second] = answers.map(answerOf);
      expect(second).toEqual(first);
      expect(first!.data).toEqual({
        ...preview.data,
        committed: true,
        policy_version: 3,
        preview_token: null,
      });
      expect(first!.data.new_state).toBe('cancelled');
      const types = (await stream(policyNumber)).map((ev) => ev.type);
      expect(types.filter((t) => t === 'renters.cancelled')).toHaveLength(1);
      expect(types.filter((t) => t === 'renters.settled')).toHaveLength(1);
      const refunds = await db()
        .selectFrom('payment_refunds')
        .select('refund_id')
        .where('idempotency_key', 'like', `renters:${policyNumber}:%`)
        .execute();
      expect(refunds).toHaveLength(1);
    }
  });

  it('refuses a commit whose inputs or policy differ from the preview', async () => {
    const today = businessToday();
    const { policyNumber, matterId } = await issued({ effectiveDate: addDays(today, -60) });
    const data = {
      policy_number: policyNumber,
      reason_code: 'CUSTOMER_REQUEST',
      cancellation_method: 'PRO_RATA',
      cancel_date: addDays(today, 5),
      policy_version: 2,
    };
    const preview = answerOf(await change('cancel', matterId, { ...data, commit: false }));
    const other = await change('cancel', matterId, {
      ...data,
      cancel_date: addDays(today, 6),
      commit: true,
      preview_fingerprint: preview.data.fingerprint,
      preview_token: preview.data.preview_token,
    });
    expect(expectError(other, 409).message).toBe(COMMIT_REFUSALS.inputsChanged);
    expect(await stream(policyNumber)).toHaveLength(SOLD);

    // Someone else changed the policy after the preview.
    await db()
      .transaction()
      .execute((trx) =>
        appendToRentersPolicy(trx, TEST_METADATA, policyNumber, [
          {
            type: 'renters.contactChanged',
            data: { number: '5125550100', numberType: 'HOME', extension: null },
          },
        ]),
      );
    const stale = await change('cancel', matterId, {
      ...data,
      commit: true,
      preview_fingerprint: preview.data.fingerprint,
      preview_token: preview.data.preview_token,
    });
    expect(expectError(stale, 409).message).toBe(COMMIT_REFUSALS.policyChanged);
    // A preview at a version no longer current is refused the same way.
    expect(expectError(await change('cancel', matterId, { ...data, commit: false }), 409).message).toBe(
      COMMIT_REFUSALS.policyChanged,
    );
    expect((await stream(policyNumber)).map((ev) => ev.type)).toEqual([
      'renters.policyIssued',
      'renters.documentGenerated',
      'renters.contactChanged',
    ]);
  });

  it('checks the privilege and the scope', async () => {
    const { policyNumber, matterId } = await issued();
    const data = {
      policy_number: policyNumber,
      reason_code: 'UNDERWRITING',
      commit: false,
      policy_version: 2,
    };
    for (const email of [AGENT, REPORTS])
      expectError(await change('discontinue', matterId, data, email), 403);
    // The manager of Northwind may; a Lakeside policy is not theirs to know.
    answerOf(await change('discontinue', matterId, data, MANAGER));
    const lakeside = await issued({ entityCode: LAKESIDE });
    expectError(
      await change(
        'discontinue',
        lakeside.matterId,
        { ...data, policy_number: lakeside.policyNumber },
        MANAGER,
      ),
      404,
    );
    expect(await stream(lakeside.policyNumber)).toHaveLength(SOLD);
  });

  it('refuses bad input with field messages and stores nothing', async () => {
    const today = businessToday();
    const { policyNumber, matterId } = await issued({ effectiveDate: addDays(today, -60) });
    const good = {
      policy_number: policyNumber,
      reason_code: 'CUSTOMER_REQUEST',
      cancellation_method: 'PRO_RATA',
      cancel_date: today,
      commit: false,
      policy_version: 2,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ reason_code: undefined }, 'data.reason_code'],
      [{ reason_code: 'PAYMENT_RECEIVED' }, 'data.reason_code'],
      [{ reason_code: 'RATE_DISPUTE' }, 'data.reason_code'],
      [{ cancellation_method: 'HALF' }, 'data.cancellation_method'],
      [{ cancel_date: '15/01/2027' }, 'data.cancel_date'],
      [{ cancel_date: addDays(today, 400) }, 'data.cancel_date'],
      [{ policy_number: 'RNT-TX-99999999' }, 'data.policy_number'],
      [{ commit: 'yes' }, 'data.commit'],
      // A commit presenting a blank token: a token presented is checked (a commit without one, the field absent
      // or null, commits: docs/decisions/013 amended, tests/api/specConformance/policyChanges.test.ts).
      [{ commit: true, preview_token: '' }, 'data.preview_token'],
      // A commit without a token keeps every field's check.
      [{ commit: true, cancellation_method: 'HALF' }, 'data.cancellation_method'],
      [{ commit: true, reason_code: 'PAYMENT_RECEIVED' }, 'data.reason_code'],
      [{ policy_version: -2 }, 'data.policy_version'],
      [{ extra: 1 }, 'data.extra'],
    ];
    for (const [patch, field] of cases)
      expectValidationError(await change('cancel', matterId, { ...good, ...patch }), [field]);
    expect(await stream(policyNumber)).toHaveLength(SOLD);
    expect((await row(policyNumber)).machine_state).toBe('active');
  });

  it('discontinues, reinstates, and charges back a refunded cancellation on reinstatement', async () => {
    const today = businessToday();
    const effectiveDate = addDays(today, -60);
    const { policyNumber, matterId } = await issued({ effectiveDate });
    const base = { policy_number: policyNumber, reason_code: 'UNDERWRITING' };
    const expiration = oneYearAfter(effectiveDate);
    const discontinued = await previewAndCommit('discontinue', matterId, { ...base, policy_version: 2 });
    expect(discontinued.commit.data).toMatchObject({
      effective_date: expiration,
      settlement: { kind: 'none', amount: 0 },
      fees: 0,
      new_state: 'nonRenewing',
      new_status_code: 'ACTIVE',
      commission_clawback: 0,
      committed: true,
    });
    expect(await row(policyNumber)).toMatchObject({ machine_state: 'nonRenewing', non_renew: true });
    // A non-renewing policy cannot be discontinued again: the 409 names the state.
    const again = await change('discontinue', matterId, { ...base, commit: false, policy_version: 3 });
    expect(expectError(again, 409).message).toMatch(/non-renewing/);

    const reinstated = await previewAndCommit('reinstate', matterId, {
      policy_number: policyNumber,
      reason_code: 'CUSTOMER_REQUEST',
      policy_version: 3,
    });
    expect(reinstated.commit.data).toMatchObject({
      effective_date: today,
      settlement: { kind: 'none', amount: 0 },
      new_state: 'active',
    });

    const cancelled = await previewAndCommit('cancel', matterId, {
      ...base,
      reason_code: 'CUSTOMER_REQUEST',
      cancellation_method: 'PRO_RATA',
      cancel_date: addDays(today, -1),
      policy_version: 4,
    });
    expect(cancelled.commit.data).toMatchObject({ new_state: 'cancelled', settlement: { kind: 'refund' } });
    const refunded = cents(cancelled.commit.data.settlement.amount);
    const version = (await row(policyNumber)).policy_version;
    const back = await previewAndCommit('reinstate', matterId, {
      policy_number: policyNumber,
      reason_code: 'PAYMENT_RECEIVED',
      policy_version: version,
    });
    expect(back.commit.data).toMatchObject({
      effective_date: addDays(today, -1),
      settlement: { kind: 'charge', amount: refunded / 100 },
      commission_clawback: 0,
      new_state: 'active',
      new_status_code: 'ACTIVE',
    });
    const events = await stream(policyNumber);
    expect(events.at(-1)!.data).toMatchObject({ kind: 'charge', amountCents: refunded, status: 'PENDING' });
    expect(await row(policyNumber)).toMatchObject({ machine_state: 'active', status_code: 'ACTIVE' });
  });
});
