import { describe, expect, it } from 'vitest';
import { PlansAnswer } from '../../src/api/schemas/quoteActions';
import { QuoteCommandAnswer } from '../../src/api/schemas/quoteCommands';
import { entityApi, expectStatus } from '../support/entityApi';
import { newQuote, purchaseOf, quoteApi, tokenFor, uniqueCustomer } from '../support/quoteApi';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// A discount code chosen with coverage is kept on the quote: its premiums, totals and the charge are the
// discounted ones, exactly what `plans` priced with the code (docs/quote-actions.md "chooseCoverage").
describe.each(testDatabases())('discount code on a saved quote on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const q = quoteApi(e);
  const cents = (dollars: number) => Math.round(dollars * 100);

  async function answered() {
    const created = await q.create({ ...newQuote, customer: uniqueCustomer() });
    return q.command('answerUnderwriting', await q.answers(created));
  }

  async function plansWith(discountCode: string | null) {
    const response = await q.act('GET', 'plans', {
      zip: newQuote.zip,
      startDate: newQuote.startDate,
      discountCode,
      pets: newQuote.pets.map(({ species, breedCode, age }) => ({ species, breedCode, age })),
    });
    expectStatus(response, 200);
    return PlansAnswer.parse(response.body).data;
  }

  it('rates the chosen plans with the code, keeps it, and charges the discounted amount', async () => {
    const quote = await answered();
    const covered = await q.command('chooseCoverage', {
      uuid: quote.uuid,
      discountCode: 'WELCOME10',
      pets: quote.pets.map((p) => ({ petId: p.id })),
    });
    const discounted = await plansWith('WELCOME10');
    const full = await plansWith(null);
    expect(discounted.payments.annual.total).toBeLessThan(full.payments.annual.total);

    expect(covered.discount_code).toBe('WELCOME10');
    expect(covered.totals).toMatchObject({
      monthly_downpayment: discounted.payments.monthly.downpayment,
      monthly_installment: discounted.payments.monthly.installment,
      monthly_total: discounted.payments.monthly.total,
      annual_total: discounted.payments.annual.total,
    });
    covered.pets.forEach((pet, i) => {
      expect(pet.plan?.total_premium).toBe(discounted.pets[i]!.plan.total_premium);
    });

    const response = await q.act(
      'POST',
      'purchase',
      purchaseOf(covered, await tokenFor(e), { paymentPeriod: 'ANNUAL' }),
    );
    expectStatus(response, 200);
    const bought = QuoteCommandAnswer.parse(response.body).data.quote;
    expect(bought.step).toBe('thankYou');
    const charge = await s.t.server.database.db
      .selectFrom('payment_charges')
      .select('amount_cents')
      .where('idempotency_key', 'like', `quote:${bought.uuid}:%`)
      .executeTakeFirstOrThrow();
    expect(charge.amount_cents).toBe(cents(discounted.payments.annual.total));
    expect(bought.policies.map((p) => p.annual_premium)).toEqual(
      discounted.pets.map((p) => p.plan.total_premium),
    );
  });

  it('refuses an unknown code and writes nothing', async () => {
    const quote = await answered();
    const response = await q.act('POST', 'chooseCoverage', {
      uuid: quote.uuid,
      discountCode: 'NOSUCHCODE',
      pets: quote.pets.map((p) => ({ petId: p.id })),
    });
    expectStatus(response, 200);
    expect(response.body).toMatchObject({ data: { error: 'This discount code is not valid.' } });
    const after = await q.view(quote.uuid);
    expect(after.version).toBe(quote.version);
    expect(after.step).toBe('coverage');
    expect(after.discount_code).toBeNull();
  });
});
