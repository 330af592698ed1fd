import { describe, expect, it } from 'vitest';
import { RentersQuoteResponse, type RentersQuoteView } from '../../src/api/schemas/rentersQuotes';
import { entityApi } from '../support/entityApi';
import { expectValidationError } from '../support/http';
import { AGENT, INTERNAL, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf } from '../support/records';
import { oneYearAfter } from '../../src/server/domain/rentersPolicies/rentersPolicyNumbers';
import {
  addDays,
  issueTestRentersPolicy,
  rentersPolicyIssue,
  businessToday,
} from '../support/rentersPolicyFixtures';
import { rentersCoverage, rentersCustomer, rentersQuoteApi, rentersStart } from '../support/rentersQuoteApi';
import { appendTo, rentersRewriteApi } from '../support/rentersRewriteApi';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Where a rewrite starts, and one policy per customer and address at a time (docs/renters-quotes.md "Where a
// rewrite starts", "Cover and overlap"): the rewrite answer's default date for each way the old cover ends,
// and purchases (rewrite or new business) whose term overlaps other cover refused on the effective date.
describe.each(testDatabases())('renters rewrite start and cover overlap on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const r = rentersQuoteApi(e);
  const w = rentersRewriteApi(e, r);
  const db = () => s.t.server.database.db;
  const today = businessToday();
  const day = (n: number) => addDays(today, n);

  // A policy of agent@'s agency (Austin) starting on the day given, its events then appended.
  async function policy(effectiveDate: string, events: Parameters<typeof appendTo>[2] = []) {
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const issue = rentersPolicyIssue({ entityId, effectiveDate, termInterval: 'annual' });
    const issued = await issueTestRentersPolicy(db(), issue);
    await appendTo(db(), issued.policyNumber, events);
    return { ...issued, email: issue.customer.email };
  }
  const cancel = (method: 'FLAT' | 'PRO_RATA', cancelDate: string) => ({
    type: 'renters.cancelled',
    data: {
      method,
      cancelDate,
      immediate: method === 'FLAT' || cancelDate <= today,
      reasonCode: 'INSURED_REQUEST',
    },
  });
  const discontinue = (nonRenewEffectiveDate: string) => ({
    type: 'renters.discontinued',
    data: { nonRenewEffectiveDate },
  });

  // The fixtures' insured property, typed the way an agent might (case and spacing differ).
  const sameProperty = {
    line_1: '200  congress ave',
    line_2: 'APT 12',
    city: 'Austin',
    state: 'TX',
    zip_code: '78701',
  };
  const count = async (table: 'events' | 'renters_quotes' | 'renters_policies' | 'payment_charges') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((x) => x.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counts = async () => ({
    events: await count('events'),
    quotes: await count('renters_quotes'),
    policies: await count('renters_policies'),
    charges: await count('payment_charges'),
  });

  // New business by agent@ for the customer e-mail given, at review.
  async function newBusinessAtReview(email: string, property: object, effectiveDate: string) {
    const quote = await r.step('/v2/renters/quotes', {
      ...rentersStart(),
      property,
      effective_date: effectiveDate,
    });
    const base = `/v2/renters/quotes/${quote.id}`;
    await r.step(`${base}/coverage`, rentersCoverage);
    await r.step(`${base}/customer`, {
      ...rentersCustomer,
      customer: { ...rentersCustomer.customer, email },
    });
    return r.step(`${base}/payment-method`, { token: await r.token(), billing_zip_code: '78701' });
  }
  const buy = (quote: RentersQuoteView, email = AGENT) => w.buy(quote, email);

  it('starts a rewrite where the old cover ends, or today when it ended in the past', async () => {
    const pending = await policy(day(-20), [cancel('PRO_RATA', day(15))]);
    const flatFuture = await policy(day(5), [cancel('FLAT', day(5))]);
    const cancelledBefore = await policy(day(-20), [cancel('PRO_RATA', day(-5))]);
    const nonRenewing = await policy(day(-340), [discontinue(oneYearAfter(day(-340)))]);
    const farNonRenewing = await policy(day(-20), [discontinue(oneYearAfter(day(-20)))]);
    const lapsed = await policy(day(-370), [discontinue(day(-5))]);

    const answer = (p: { matterId: number }) => w.eligibility(p.matterId);
    const a = await answer(pending);
    expect(a).toMatchObject({ eligible: true, effective_date: day(15), old_cover_ends: day(15) });
    expect(a.effective_date_note).toBe(
      `Starts on ${day(15)}, when the cover of ${pending.policyNumber} ends, so the two do not overlap.`,
    );
    // A flat cancel voids the policy from its effective date: the rewrite starts there.
    expect(await answer(flatFuture)).toMatchObject({ effective_date: day(5), old_cover_ends: day(5) });
    // Cover that ended in the past is not taken up where it stopped: today, and the screen says so.
    const c = await answer(cancelledBefore);
    expect(c).toMatchObject({ eligible: true, effective_date: today, old_cover_ends: day(-5) });
    expect(c.effective_date_note).toBe(
      `The cover of ${cancelledBefore.policyNumber} ended on ${day(-5)}. A policy cannot start in the past, ` +
        `so the rewrite starts today, ${today}; the days in between stay uncovered.`,
    );
    const nonRenewal = oneYearAfter(day(-340));
    expect(await answer(nonRenewing)).toMatchObject({
      eligible: true,
      effective_date: nonRenewal,
      old_cover_ends: nonRenewal,
    });
    const far = await answer(farNonRenewing);
    const farEnd = oneYearAfter(day(-20));
    expect(far).toMatchObject({ effective_date: farEnd, old_cover_ends: farEnd });
    expect(far.effective_date_note).toContain(
      `more than 60 days from today: the rewrite can be quoted from ${addDays(farEnd, -60)}.`,
    );
    expect(await answer(lapsed)).toMatchObject({
      eligible: true,
      effective_date: today,
      old_cover_ends: day(-5),
    });
  });

  it('refuses a rewrite that starts inside the old cover, and takes one that starts where it ends', async () => {
    const old = await policy(day(-20), [cancel('PRO_RATA', day(15))]);
    const before = await counts();
    const refused = expectValidationError(
      await w.start(old.policyNumber, INTERNAL, { property: sameProperty, effective_date: day(14) }),
      ['effective_date'],
    );
    expect(refused.errors.effective_date).toEqual([
      `Coverage from ${day(14)} overlaps policy ${old.policyNumber} which covers this address until ` +
        `${day(15)}. Start the new cover on ${day(15)} or later.`,
    ]);
    expect(await counts()).toEqual(before);

    // The default date (adjacent, no overlap) is taken and bought, and links the two.
    const { effective_date } = await w.eligibility(old.matterId);
    const review = await w.toReview(old.policyNumber, INTERNAL, { property: sameProperty, effective_date });
    const bought = await w.buy(review);
    expect(bought.status, bought.text).toBe(200);
    const replacement = RentersQuoteResponse.parse(bought.body).data.policy!;
    expect(replacement.effective_at).toBe(day(15));

    // The old policy covered up to where it was replaced, the new one from there: new business for the same
    // customer and address overlaps the new policy, which is named.
    const overlapping = await newBusinessAtReview(old.email, sameProperty, day(20));
    const again = await counts();
    const second = expectValidationError(await buy(overlapping), ['effective_date']);
    expect(second.errors.effective_date![0]).toContain(
      `overlaps policy ${replacement.policy_number} which covers`,
    );
    expect(await counts()).toEqual(again);
  });

  it('refuses a purchase overlapping a pending cancellation, or a policy bought after its date was set', async () => {
    const pending = await policy(day(-20), [cancel('PRO_RATA', day(12))]);
    // A rewrite quote set to start where the old cover ends, at review.
    const rewrite = await w.toReview(pending.policyNumber, INTERNAL, {
      property: sameProperty,
      effective_date: day(12),
    });

    const quote = await newBusinessAtReview(pending.email.toUpperCase(), sameProperty, day(5));
    const before = await counts();
    const refused = expectValidationError(await buy(quote), ['effective_date']);
    expect(refused.errors.effective_date).toEqual([
      `Coverage from ${day(5)} overlaps policy ${pending.policyNumber} which covers this address until ` +
        `${day(12)}. Start the new cover on ${day(12)} or later.`,
    ]);
    expect(await counts()).toEqual(before);
    expect((await r.view(quote.id)).step).toBe('review');

    // New business from the day the pending cancellation takes effect is no overlap, and is bought …
    const adjacent = await newBusinessAtReview(pending.email, sameProperty, day(12));
    const bought = await buy(adjacent);
    expect(bought.status, bought.text).toBe(200);
    const taken = RentersQuoteResponse.parse(bought.body).data.policy!.policy_number;
    // … so the rewrite, whose date was set before, is now refused at its purchase, naming that policy.
    const meanwhile = await counts();
    const late = expectValidationError(await w.buy(rewrite), ['effective_date']);
    expect(late.errors.effective_date![0]).toMatch(
      new RegExp(`^Coverage from ${day(12)} overlaps policy ${taken} which covers this address until `),
    );
    expect(await counts()).toEqual(meanwhile);
    expect((await r.view(rewrite.id, INTERNAL)).step).toBe('review');
  });

  it('takes a purchase at another address, or after the other cover ends', async () => {
    const active = await policy(day(-20));
    const elsewhere = await newBusinessAtReview(active.email, { ...sameProperty, line_2: 'Apt 14' }, day(5));
    const bought = await buy(elsewhere);
    expect(bought.status, bought.text).toBe(200);

    const ended = await policy(day(-20), [cancel('PRO_RATA', day(3))]);
    const after = await newBusinessAtReview(ended.email, sameProperty, day(3));
    const adjacent = await buy(after);
    expect(adjacent.status, adjacent.text).toBe(200);
    // Another customer of the agency at that address is another household's cover.
    const other = await newBusinessAtReview('someone.else@example.test', sameProperty, day(4));
    expect((await buy(other)).status).toBe(200);
  });
});
