import { describe, expect, it } from 'vitest';
import { RentersQuoteResponse } from '../../src/api/schemas/rentersQuotes';
import { readStream } from '../../src/server/store/eventStore';
import { rebuildProjections } from '../../src/server/projections';
import { entityApi } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import { seedDemoRentersPolicies } from '../../src/server/seed/demoRentersPolicies';
import { AGENT, HOUSE, INTERNAL, LAKESIDE, MANAGER, NORTHWIND, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf } from '../support/records';
import { rentersQuoteApi } from '../support/rentersQuoteApi';
import { appendTo, rentersPolicyIn, rentersRewriteApi } from '../support/rentersRewriteApi';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Rewrite of a cancelled or non-renewing renters policy (SPEC §4, docs/decisions/008): the eligibility
// answer, the rewrite quote prefilled from the old policy, and the purchase linking the two.
describe.each(testDatabases())('renters policy rewrite on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const r = rentersQuoteApi(e);
  const w = rentersRewriteApi(e, r);
  const db = () => s.t.server.database.db;
  const austin = () => entityIdOf(db(), NORTHWIND_AUSTIN);
  const policyRow = (policyNumber: string) =>
    db()
      .selectFrom('renters_policies')
      .selectAll()
      .where('policy_number', '=', policyNumber)
      .executeTakeFirstOrThrow();
  const charges = async () =>
    (await db().selectFrom('payment_charges').select('idempotency_key').where('outcome', '=', 'ok').execute())
      .length;

  // First: the demo seeds only while no renters policy exists.
  it('seeds the demo renters policies once, a cancelled and a non-renewing one among them', async () => {
    expect(await seedDemoRentersPolicies(db())).toBe(6);
    expect(await seedDemoRentersPolicies(db())).toBe(0);
    const rows = await db()
      .selectFrom('renters_policies')
      .innerJoin('entities', 'entities.id', 'renters_policies.entity_id')
      .select([
        'renters_policies.matter_id',
        'renters_policies.status_code',
        'renters_policies.non_renew',
        'renters_policies.state',
        'entities.entity_code',
      ])
      .orderBy('renters_policies.matter_id')
      .execute();
    expect(new Set(rows.map((x) => x.state))).toEqual(new Set(['TX', 'CA', 'IL', 'FL']));
    expect(new Set(rows.map((x) => x.entity_code))).toEqual(
      new Set([NORTHWIND_AUSTIN, NORTHWIND, LAKESIDE, HOUSE]),
    );
    const eligible = [];
    for (const row of rows) if ((await w.eligibility(row.matter_id)).eligible) eligible.push(row);
    expect(eligible.map((x) => [x.status_code, x.non_renew]).sort()).toEqual([
      ['ACTIVE', true],
      ['CANCELLED', false],
    ]);
  });

  it('answers which policies may be rewritten, and why not', async () => {
    const active = await rentersPolicyIn(db(), await austin(), 'active');
    const cancelled = await rentersPolicyIn(db(), await austin(), 'cancelled');
    const nonRenewing = await rentersPolicyIn(db(), await austin(), 'nonRenewing');

    const a = await w.eligibility(active.matterId);
    expect(a).toMatchObject({ eligible: false, rewritten_as: null });
    expect(a.blockers).toEqual(['Only a cancelled or non-renewing policy can be rewritten.']);
    expect(a.source).toMatchObject({
      policy_number: active.policyNumber,
      status_code: 'ACTIVE',
      non_renew: false,
    });

    const c = await w.eligibility(cancelled.matterId);
    expect(c).toMatchObject({ eligible: true, blockers: [], rewritten_as: null });
    expect(c.source).toMatchObject({
      policy_number: cancelled.policyNumber,
      status_code: 'CANCELLED',
      non_renew: false,
      entity_code: NORTHWIND_AUSTIN,
      property: {
        line_1: '200 Congress Ave',
        line_2: 'Apt 12',
        city: 'Austin',
        state: 'TX',
        zip_code: '78701',
      },
      interested_party: { name: 'Congress Towers Management', line_1: '1 Leasing Way', zip_code: '78701' },
      customer: {
        name_first: 'Robin',
        name_last: 'Renter',
        email: cancelled.issue.customer.email,
        mailing_address: {
          line_1: 'PO Box 77',
          line_2: null,
          city: 'Austin',
          state: 'TX',
          zip_code: '78701',
        },
      },
      contacts: [
        { type: 'PRIMARY', number_type: 'MOBILE', number: cancelled.issue.customer.phone, extension: null },
      ],
    });
    // The coverage as the coverage step sends it: dollars.
    expect(c.source.coverage.contents).toEqual({
      amount: 20_000,
      deductible_amount: 500,
      additional_living_expense: 4_000,
      is_preferred_property: false,
    });
    expect(c.source.coverage.liability.amount).toBe(100_000);

    const n = await w.eligibility(nonRenewing.matterId);
    expect(n).toMatchObject({ eligible: true, blockers: [] });
    expect(n.source).toMatchObject({ status_code: 'ACTIVE', non_renew: true });

    // Without renters_plcy_rewrite the answer says so; without renters_policy_ax there is no answer.
    const m = await w.eligibility(cancelled.matterId, MANAGER);
    expect(m).toMatchObject({ eligible: false, blockers: ['You may not rewrite renters policies.'] });
    expectError(await w.check(cancelled.matterId, AGENT), 403);
    const lakeside = await rentersPolicyIn(db(), await entityIdOf(db(), LAKESIDE), 'cancelled', 'CA');
    expectError(await w.check(lakeside.matterId, MANAGER), 404);
    expectError(await w.check(99_999_999), 404);
    expectValidationError(await w.check('x1' as unknown as number), ['matterId']);
  });

  it('prefills the source from the record’s later edits', async () => {
    const policy = await rentersPolicyIn(db(), await austin(), 'cancelled');
    await appendTo(db(), policy.policyNumber, [
      {
        type: 'renters.addressChanged',
        data: {
          addressType: 'MAILING',
          confirmed: true,
          address: { line1: '9 Lamar Blvd', line2: null, city: 'Austin', state: 'TX', zip: '78704' },
        },
      },
      { type: 'renters.contactChanged', data: { number: '2145550100', numberType: 'HOME', extension: '12' } },
    ]);
    const { source } = await w.eligibility(policy.matterId);
    expect(source.customer.mailing_address).toEqual({
      line_1: '9 Lamar Blvd',
      line_2: null,
      city: 'Austin',
      state: 'TX',
      zip_code: '78704',
    });
    expect(source.contacts).toEqual([
      { type: 'PRIMARY', number_type: 'HOME', number: '2145550100', additional_info: null, extension: '12' },
    ]);
  });

  it('refuses a rewrite quote for a policy in force, without the privilege, or out of scope', async () => {
    const active = await rentersPolicyIn(db(), await austin(), 'active');
    const cancelled = await rentersPolicyIn(db(), await austin(), 'cancelled');
    const lakeside = await rentersPolicyIn(db(), await entityIdOf(db(), LAKESIDE), 'cancelled', 'CA');
    const quotes = async () => (await db().selectFrom('renters_quotes').select('id').execute()).length;
    const before = await quotes();

    const refused = expectError(await w.start(active.policyNumber), 409);
    expect(refused.message).toContain('Only a cancelled or non-renewing policy can be rewritten.');
    expect(expectError(await w.start(cancelled.policyNumber, MANAGER), 403).message).toBe(
      'You may not rewrite renters policies.',
    );
    // Another agency's policy is not confirmed, privilege or not.
    expectError(await w.start(lakeside.policyNumber, MANAGER), 404);
    expectError(await w.start('RNT-TX-99999999'), 404);
    expectValidationError(await w.start('42'), ['rewrite_of']);
    expect(await quotes()).toBe(before);
  });

  it('buys a rewrite linked to the old policy, once', async () => {
    const old = await rentersPolicyIn(db(), await austin(), 'cancelled');
    const started = await w.start(old.policyNumber);
    const quote = RentersQuoteResponse.parse(started.body).data;
    expect(quote).toMatchObject({
      step: 'coverage',
      rewrite_of: old.policyNumber,
      entity_code: NORTHWIND_AUSTIN,
    });
    // The coverage and customer steps are prefilled from the old policy.
    const { source } = await w.eligibility(old.matterId);
    expect(quote.coverage).toEqual(source.coverage);
    expect(quote.customer).toEqual(source.customer);
    expect(quote.contacts).toEqual(source.contacts);
    const log = await db()
      .transaction()
      .execute((trx) => readStream(trx, 'renters_quote', quote.id));
    expect(log.map((x) => x.type)).toEqual(['rentersQuote.rewriteStarted', 'rentersQuote.propertyGiven']);

    // Two rewrites of the same policy may be open; only the first bought links.
    const first = await w.toReview(old.policyNumber);
    const second = await w.toReview(old.policyNumber);
    expect((await w.eligibility(old.matterId)).eligible).toBe(true);
    const bought = await w.buy(first);
    expect(bought.status, bought.text).toBe(200);
    const policy = RentersQuoteResponse.parse(bought.body).data.policy!;
    expect(policy.policy_number).toMatch(/^RNT-TX-\d{8}$/);

    const after = await w.eligibility(old.matterId);
    expect(after.eligible).toBe(false);
    expect(after.blockers).toEqual([`The policy was already rewritten as ${policy.policy_number}.`]);
    const newRow = await policyRow(policy.policy_number);
    expect(after.rewritten_as).toEqual({
      policy_number: policy.policy_number,
      matter_id: newRow.matter_id,
      customer_id: newRow.customer_id,
    });
    expect(newRow.rewrite_of).toBe(old.policyNumber);
    expect((await policyRow(old.policyNumber)).rewritten_as).toBe(policy.policy_number);

    // The second purchase is refused before anything is charged.
    const charged = await charges();
    const refused = expectError(await w.buy(second), 409);
    expect(refused.message).toContain(`already rewritten as ${policy.policy_number}`);
    expect(await charges()).toBe(charged);
    expect((await r.view(second.id, INTERNAL)).step).toBe('review');
    // And no new rewrite can be started.
    expect(expectError(await w.start(old.policyNumber), 409).message).toContain('already rewritten');

    // A rewrite's log opens with rewriteStarted; the read table is rebuilt from it the same.
    const views = async () => [await r.view(quote.id, INTERNAL), await r.view(first.id, INTERNAL)];
    const before = await views();
    expect(before[1]!.rewrite_of).toBe(old.policyNumber);
    await rebuildProjections(db());
    expect(await views()).toEqual(before);
  });
});
