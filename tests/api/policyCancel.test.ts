import { describe, expect, it } from 'vitest';
import { HistoryResponse } from '../../src/api/schemas/history';
import { CancelResponse, PolicyViewResponse } from '../../src/api/schemas/policies';
import { cancellationFigures, instalment } from '../../src/server/domain/moneyRules/cancellationFigures';
import type { Db } from '../../src/server/store/db';
import { entityApi, expectStatus, userWith, type EntityApi } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import { quoteAtStep } from '../support/journeyQuotes';
import { AGENT, LAKESIDE, MANAGER, NORTHWIND_AUSTIN } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// The policies a purchase through the API issued (one per pet, paid monthly, effective today).
async function purchased(e: EntityApi, db: Db, email = AGENT) {
  const quote = await quoteAtStep(e, email, 'thankYou');
  return db
    .selectFrom('policies')
    .select(['policy_number', 'matter_id', 'annual_premium_cents', 'quote_uuid'])
    .where('quote_uuid', '=', quote.uuid)
    .orderBy('matter_id')
    .execute();
}

function centralToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const cents = (dollars: number) => Math.round(dollars * 100);

// POST /v2/policies/{matterId}/cancel (issue 5, docs/cancellation.md): preview, commit, refund.
describe.each(testDatabases())('policy cancellation on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const view = async (matterId: number) =>
    PolicyViewResponse.parse((await e.get(`/v2/policies/${matterId}`, AGENT)).body).data;
  const cancel = (matterId: number, data: unknown, email = AGENT) =>
    e.post(`/v2/policies/${matterId}/cancel`, email, { data });
  const eventCount = async (policyNumber: string) =>
    (
      await db()
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('stream_type', '=', 'policy')
        .where('stream_id', '=', policyNumber)
        .executeTakeFirstOrThrow()
    ).n;

  it('flat-cancels in the free look: the preview changes nothing, the commit ends the policy and refunds', async () => {
    const [policy] = await purchased(e, db());
    const today = centralToday();
    const before = await view(policy!.matter_id);
    const events = await eventCount(policy!.policy_number);
    const request = { cancelDate: addDays(today, 5), reason: 'CUSTOMER_REQUEST', commit: false };

    const preview = await cancel(policy!.matter_id, request);
    expectStatus(preview, 200);
    const figures = CancelResponse.parse(preview.body).data;
    const firstInstalment = instalment(policy!.annual_premium_cents, 0);
    expect(figures).toEqual({
      policyNumber: policy!.policy_number,
      cancelEffectiveDate: today,
      flatCancel: true,
      daysInForce: 0,
      termDays: figures.termDays,
      annualPremium: policy!.annual_premium_cents / 100,
      earnedPremium: 0,
      paid: firstInstalment / 100,
      collected: firstInstalment / 100,
      refund: firstInstalment / 100,
      balanceDue: 0,
      refundOutcome: null,
      committed: false,
      previewToken: expect.any(String),
    });
    expect([365, 366]).toContain(figures.termDays);
    expect(await view(policy!.matter_id)).toEqual(before);
    expect(await eventCount(policy!.policy_number)).toBe(events);

    // The note is part of what a commit presents its preview for (docs/decisions/013).
    const withNote = { ...request, note: 'Changed her mind' };
    const { previewToken } = CancelResponse.parse((await cancel(policy!.matter_id, withNote)).body).data;
    const committed = await cancel(policy!.matter_id, { ...withNote, commit: true, previewToken });
    expectStatus(committed, 200);
    expect(CancelResponse.parse(committed.body).data).toEqual({
      ...figures,
      // What the payment service answered: the refund went back to the purchase's charge.
      refundOutcome: { amount: firstInstalment / 100, status: 'done', reason: null },
      committed: true,
      previewToken: null,
    });
    const after = await view(policy!.matter_id);
    expect(after.summary).toMatchObject({ status: 'CANCELLED', cancellationEffectiveDate: today });
    expect(after.can).toEqual({ cancel: false, edit: false });

    const refund = await db()
      .selectFrom('policy_refunds')
      .selectAll()
      .where('policy_number', '=', policy!.policy_number)
      .executeTakeFirstOrThrow();
    expect(refund).toMatchObject({
      matter_id: policy!.matter_id,
      amount_cents: firstInstalment,
      reason: 'CUSTOMER_REQUEST',
    });
    expect(refund.reference).toMatch(/^re_/);
    const charge = await db()
      .selectFrom('quotes')
      .select('charge_id')
      .where('uuid', '=', policy!.quote_uuid)
      .executeTakeFirstOrThrow();
    const paidBack = await db()
      .selectFrom('payment_refunds')
      .selectAll()
      .where('refund_id', '=', refund.reference)
      .executeTakeFirstOrThrow();
    expect(paidBack).toMatchObject({
      charge_id: charge.charge_id,
      amount_cents: firstInstalment,
      outcome: 'ok',
    });

    const history = HistoryResponse.parse(
      (await e.get(`/v2/policies/events?policyNumber=${policy!.policy_number}`, MANAGER)).body,
    ).data;
    expect(history[0]).toMatchObject({
      type: 'policy.cancelled',
      changes: {
        reason: 'CUSTOMER_REQUEST',
        note: 'Changed her mind',
        flatCancel: true,
        refundCents: firstInstalment,
      },
    });
    expect(history[0]!.actor?.name).toBeTruthy();

    // Cancelled: no second cancellation (not even a preview) and no edit.
    const again = await cancel(policy!.matter_id, request);
    expect(expectError(again, 409).message).toMatch(/cancelled/);
    const edit = await e.patch(`/v2/policies/${policy!.matter_id}/policyholder`, AGENT, {
      data: { reason: 'Late', phone: '5125550100' },
    });
    expect(expectError(edit, 409).message).toMatch(/cancelled/);
  });

  it('cancels pro rata by day after the free look, pending until the date', async () => {
    const [, policy] = await purchased(e, db());
    const today = centralToday();
    const before = await view(policy!.matter_id);
    const cancelDate = addDays(today, 100);
    const expected = cancellationFigures({
      effectiveDate: before.summary.effectiveDate,
      expirationDate: before.summary.expirationDate,
      cancelDate,
      annualPremiumCents: policy!.annual_premium_cents,
      paymentPeriod: 'MONTHLY',
      freeLookDays: 30,
    });
    const request = { cancelDate, reason: 'PET_DECEASED', commit: false };
    const figures = CancelResponse.parse((await cancel(policy!.matter_id, request)).body).data;
    expect(figures).toMatchObject({ flatCancel: false, cancelEffectiveDate: cancelDate, daysInForce: 100 });
    expect(cents(figures.earnedPremium)).toBe(
      Math.round((policy!.annual_premium_cents * 100) / figures.termDays),
    );
    // Four instalments fall due before the cancel date, but only the first was collected: what was not
    // collected cannot come back, and the premium earned beyond what was collected is a balance due.
    const first = cents(figures.collected);
    expect(first).toBeLessThan(4 * instalment(policy!.annual_premium_cents, 1));
    expect(cents(figures.paid)).toBe(first);
    expect(cents(figures.refund)).toBe(Math.max(0, first - cents(figures.earnedPremium)));
    expect(cents(figures.balanceDue)).toBe(Math.max(0, cents(figures.earnedPremium) - first));
    expect(cents(figures.earnedPremium)).toBe(expected.earnedPremiumCents);

    expectStatus(
      await cancel(policy!.matter_id, { ...request, commit: true, previewToken: figures.previewToken }),
      200,
    );
    const after = await view(policy!.matter_id);
    expect(after.summary).toMatchObject({ status: 'CANCELLED', cancellationEffectiveDate: cancelDate });
    // Still covered until the date: contact details may change, a second cancellation may not.
    expect(after.can).toEqual({ cancel: false, edit: true });
    const again = await cancel(policy!.matter_id, request);
    expect(expectError(again, 409).message).toMatch(/pending cancellation/);
    expectStatus(
      await e.patch(`/v2/policies/${policy!.matter_id}/policyholder`, AGENT, {
        data: { reason: 'New number', phone: '5125550177' },
      }),
      200,
    );
    const refund = await db()
      .selectFrom('policy_refunds')
      .select(['amount_cents'])
      .where('policy_number', '=', policy!.policy_number)
      .executeTakeFirstOrThrow();
    // The refund recorded is the one the preview showed: what was collected beyond what was earned.
    expect(refund.amount_cents).toBe(cents(figures.refund));
  });

  it('answers 422 for a date outside the term or a bad body, and changes nothing', async () => {
    const [policy] = await purchased(e, db());
    const today = centralToday();
    const before = await view(policy!.matter_id);
    const events = await eventCount(policy!.policy_number);
    const good = { cancelDate: today, reason: 'OTHER', commit: true };
    const cases: [unknown, string[]][] = [
      [{ ...good, cancelDate: addDays(today, -1) }, ['cancelDate']],
      [{ ...good, cancelDate: before.summary.expirationDate }, ['cancelDate']],
      [{ ...good, cancelDate: '2026-13-40' }, ['data.cancelDate']],
      [{ ...good, cancelDate: 'tomorrow' }, ['data.cancelDate']],
      [{ ...good, reason: 'BORED' }, ['data.reason']],
      [{ cancelDate: today, reason: 'OTHER' }, ['data.commit']],
      [{ ...good, commit: 'yes' }, ['data.commit']],
      [{ ...good, note: 'x'.repeat(2001) }, ['data.note']],
      [{ ...good, refund: 100 }, ['data.refund']],
    ];
    for (const [data, fields] of cases) expectValidationError(await cancel(policy!.matter_id, data), fields);
    expectValidationError(await cancel(Number.NaN, good), ['matterId']);
    expect(await view(policy!.matter_id)).toEqual(before);
    expect(await eventCount(policy!.policy_number)).toBe(events);
  });

  it('is 404 outside the caller’s scope and 403 without quote_policy', async () => {
    const [policy] = await purchased(e, db());
    const request = { cancelDate: centralToday(), reason: 'OTHER', commit: true };
    const lakeside = await userWith(db(), {
      entityCode: LAKESIDE,
      userType: 'external',
      privilegeCodes: ['quote_policy'],
    });
    expectStatus(await cancel(policy!.matter_id, request, lakeside), 404);
    expectStatus(await cancel(999_999_999, request), 404);
    const quoting = await userWith(db(), {
      entityCode: NORTHWIND_AUSTIN,
      userType: 'external',
      privilegeCodes: ['quote_new', 'quote_search'],
    });
    expectStatus(await cancel(policy!.matter_id, request, quoting), 403);
    expect((await view(policy!.matter_id)).summary.status).toBe('ACTIVE');
  });
});
