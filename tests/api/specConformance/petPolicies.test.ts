import { describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { rebuildProjections } from '../../../src/server/projections';
import { businessToday } from '../../support/businessToday';
import { entityApi } from '../../support/entityApi';
import { withoutAppendOnlyGuard } from '../../support/eventLogSurgery';
import { ACCOUNTING, AGENT, MANAGER, NORTHWIND, NORTHWIND_AUSTIN, REPORTS } from '../../support/personas';
import { buyPolicies } from '../../support/policyMatterFixtures';
import { DECLINED_CARD, purchaseOf, quoteApi, quoteAtCheckout, tokenFor } from '../../support/quoteApi';
import { useTestServer } from '../../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../../support/testServer';

// SPEC §3 (Policies, pets): "Policy: … plan code, … brand, … initial payment successful flag", "Policy
// detail: … summary (…, entity code and name, brand)", "Search result columns: … brandName, …
// initPaySuccessful", "Payment record: id, status, info with status, total payment amount, transaction date"
// (a matter's payments, §7 "Matters: … payments"), "Adjustment event: category, code, description,
// multiplier type, allow new business, allow renewal, enabled"; Entity administration "Account type (with
// enable-state-mapping flag); entity type (can quote, enabled)". Policies are bought through the journey;
// the client logs in and reads by SPEC's names alone, with no schema of the product's
// (docs/pet-policy-record.md names each field).
vi.setConfig({ hookTimeout: 120_000, testTimeout: 120_000 });

const SUMMARY = [
  'policyNumber',
  'termType',
  'status',
  'effectiveDate',
  'expirationDate',
  'inceptionDate',
  'cancellationEffectiveDate',
  'entityCode',
  'entityName',
  'brand',
];
const SEARCH_ROW = [
  'policyNumber',
  'policyVersion',
  'petName',
  'entityCode',
  'entityName',
  'brandName',
  'statusCode',
  'termType',
  'inceptionDate',
  'effectiveDate',
  'purchaseDate',
  'fullName',
  'city',
  'stateCode',
  'phoneNumber',
  'initPaySuccessful',
];
const PAYMENT = ['id', 'status', 'info', 'totalPaymentAmount', 'transactionDate'];
const ADJUSTMENT_TYPE = [
  'code',
  'description',
  'category',
  'multiplier_type',
  'allow_new_business',
  'allow_renewal',
  'is_enabled',
];
const SIGN = { ADD: 1, SUBTRACT: -1, NONE: 0 } as const;
// A routing number the payment service's sandbox answers as eligible for real-time payments.
const RTP_BANK = '021000021';

type Json = Record<string, unknown>;

describe.each(testDatabases())(
  'SPEC §3 pet policy, payments and lists, as a SPEC client reads them, on %s',
  (database) => {
    const s = useTestServer(database);
    const e = entityApi(() => s.api);
    const q = quoteApi(e);
    const db = () => s.t.server.database.db;

    const login = async (email = MANAGER) => {
      const answer = await s.api.post('/v2/auth', { email, password: DEMO_PASSWORD });
      expect(answer.status).toBe(200);
      return (answer.body as { accessToken: string }).accessToken;
    };
    const read = async (path: string, token: string) => {
      const answer = await s.api.get(path, { token });
      expect(answer.status, answer.text).toBe(200);
      return answer.body as { data: unknown; meta?: Json };
    };
    const view = async (matterId: number, token: string) =>
      (await read(`/v2/matters/${matterId}`, token)).data as Json;
    const searchRow = async (policyNumber: string, token: string) => {
      const page = await read(`/v2/policies?filter[policy_number]=${policyNumber}`, token);
      const rows = page.data as Json[];
      expect(rows).toHaveLength(1);
      return rows[0]!;
    };

    // A purchase declined once, then paid with another card: its policies' initial payment did not succeed.
    const boughtAfterDecline = async () => {
      const checkout = await quoteAtCheckout(q);
      const failed = await q.act(
        'POST',
        'purchase',
        purchaseOf(checkout, await tokenFor(e, AGENT, DECLINED_CARD)),
      );
      expect((failed.body as { data: { step: string } }).data.step).toBe('paymentFailed');
      const paid = await q.command('retryPayment', {
        uuid: checkout.uuid,
        requestId: crypto.randomUUID(),
        payment: { token: await tokenFor(e) },
      });
      expect(paid.step).toBe('thankYou');
      return db()
        .selectFrom('policies')
        .select(['policy_number', 'matter_id'])
        .where('quote_uuid', '=', checkout.uuid)
        .orderBy('policy_number')
        .execute();
    };

    it('answers the policy detail by §3 names: policyholder, pet and coverage as the quote sold them', async () => {
      const policies = await buyPolicies(e, db(), AGENT);
      const token = await login();
      const quote = (
        (await s.api.get(`/v2/quote/${policies[0]!.quoteUuid}`, { token })).body as { data: Json }
      ).data;
      const customer = quote.customer as Json;
      const pets = quote.pets as Json[];
      const breedName = async (species: string, code: string) => {
        const answer = await s.api.post(
          '/v1/quote/action',
          { method: 'GET', action: 'breeds', data: { species } },
          { token },
        );
        return ((answer.body as { data: Json[] }).data.find((b) => b.code === code) ?? {}).name;
      };
      for (const policy of policies) {
        const detail = await view(policy.matterId, token);
        // "Policy detail: matterId and the customer's matterIds": one matter per pet of the purchase.
        expect(detail.matterId).toBe(policy.matterId);
        expect(detail.matterIds).toEqual(expect.arrayContaining(policies.map((p) => p.matterId)));
        const pet = pets.find((p) => p.policy_id === policy.policyNumber)!;
        expect(pet, `the quote's pet of ${policy.policyNumber}`).toBeDefined();
        const plan = pet.plan as Json;
        // policyholder (customerId, names, email, phone, address lines, city, state, zip)
        expect(detail.policyholder).toEqual({
          customerId: quote.customer_id,
          firstName: customer.first_name,
          lastName: customer.last_name,
          email: customer.email,
          phone: customer.phone,
          addressLine1: customer.street,
          addressLine2: customer.street2,
          city: customer.city,
          state: customer.state,
          zip: customer.zip,
        });
        // pet (name, species, gender, breed, ageAtInception, withUsSince = purchase date)
        const summary = detail.summary as Json;
        expect(detail.pet).toEqual({
          name: pet.name,
          species: pet.species,
          gender: pet.gender,
          breed: await breedName(pet.species as string, pet.breed_code as string),
          ageAtInception: pet.age,
          withUsSince: (quote.purchased_at as string).slice(0, 10),
        });
        expect(summary.inceptionDate).toBe(quote.start_date);
        // coverage (annualPremium, annualCoverage, copay, deductible, reimbursement, wellnessLevel); the
        // annual coverage is the plan's limit as the plan list files it.
        const limit = await db()
          .selectFrom('pet_plans')
          .select('plan_limit_cents')
          .where('plan_code', '=', plan.plan_code as string)
          .executeTakeFirstOrThrow();
        expect(detail.coverage).toMatchObject({
          annualPremium: plan.total_premium,
          annualCoverage: limit.plan_limit_cents === null ? null : limit.plan_limit_cents / 100,
          copay: 100 - (plan.reimbursement as number),
          deductible: plan.deductible,
          reimbursement: plan.reimbursement,
          wellnessLevel: plan.wellness_code,
        });
        expect(summary.planCode).toBe(plan.plan_code);
      }
    });

    it('answers brand, plan code and the initial payment flag on the view and the search row, from the sale', async () => {
      const [policy] = await buyPolicies(e, db(), AGENT);
      const [afterDecline] = await boughtAfterDecline();
      const token = await login();
      const brand = ((await s.api.get('/v1/public/entity-brands')).body as { data: Json }).data;

      const detail = await view(policy!.matterId, token);
      const summary = detail.summary as Json;
      expect(Object.keys(summary)).toEqual(expect.arrayContaining(SUMMARY));
      const stored = await db()
        .selectFrom('policies')
        .innerJoin('pet_plans', 'pet_plans.plan_code', 'policies.plan_code')
        .select(['policies.plan_code', 'pet_plans.plan_desc'])
        .where('policy_number', '=', policy!.policyNumber)
        .executeTakeFirstOrThrow();
      expect(summary).toMatchObject({
        policyNumber: policy!.policyNumber,
        entityCode: NORTHWIND_AUSTIN,
        // The brand the portal answers, which every agency sells under.
        brand: brand.code,
        brandName: brand.name,
        planCode: stored.plan_code,
        planName: stored.plan_desc,
        initPaySuccessful: true,
      });
      expect(summary.planCode).toMatch(/\S/);
      expect(await searchRow(policy!.policyNumber, token)).toMatchObject({
        policyNumber: policy!.policyNumber,
        brandName: brand.name,
        initPaySuccessful: true,
      });
      expect(Object.keys(await searchRow(policy!.policyNumber, token))).toEqual(
        expect.arrayContaining(SEARCH_ROW),
      );

      expect((await view(afterDecline!.matter_id, token)).summary).toMatchObject({
        brand: brand.code,
        initPaySuccessful: false,
      });
      expect(await searchRow(afterDecline!.policy_number, token)).toMatchObject({ initPaySuccessful: false });
      const declined = await read(
        `/v2/policies?filter[policy_number]=${afterDecline!.policy_number}&filter[initPaySuccessful]=false`,
        token,
      );
      expect((declined.data as Json[]).map((r) => r.policyNumber)).toEqual([afterDecline!.policy_number]);

      // A rebuild from the log gives every policy, the seeded ones included, the same brand and flags.
      const rows = () =>
        db()
          .selectFrom('policies')
          .select(['policy_number', 'brand_code', 'init_pay_successful', 'plan_code'])
          .orderBy('policy_number')
          .execute();
      const before = await rows();
      await rebuildProjections(db());
      expect(await rows()).toEqual(before);
      expect(before.filter((p) => p.brand_code !== brand.code)).toEqual([]);
      // Issues written before brand and first attempt were recorded (no brandCode, initialPaymentSuccessful
      // true for every policy) rebuild to the same rows.
      await withoutAppendOnlyGuard(db(), (trx) =>
        sql`update events set data = (data - 'brandCode') || '{"initialPaymentSuccessful": true}'::jsonb
             where stream_type = 'policy' and type = 'policy.issued'
               and stream_id in (${policy!.policyNumber}, ${afterDecline!.policy_number})`.execute(trx),
      );
      await rebuildProjections(db());
      expect(await rows()).toEqual(before);
    });

    it("answers §3 payment records on the matter's payments, each total the amount it moved", async () => {
      const policies = await buyPolicies(e, db(), AGENT);
      const token = await login();
      const [first] = policies;
      // A flat cancellation in the free look refunds the purchase's share: a second record, of the refund.
      const cancelled = await s.api.post(
        `/v2/policies/${first!.matterId}/cancel`,
        { data: { cancelDate: businessToday(), reason: 'CUSTOMER_REQUEST', commit: true } },
        { token },
      );
      expect(cancelled.status, cancelled.text).toBe(200);

      let charged = 0;
      for (const policy of policies) {
        const page = await read(`/v2/matters/${policy.matterId}/payments`, token);
        const payments = page.data as Json[];
        expect(page.meta).toMatchObject({ total: payments.length });
        for (const payment of payments) {
          expect(Object.keys(payment)).toEqual(expect.arrayContaining(PAYMENT));
          const info = payment.info as Json;
          expect(info.status).toBe(payment.status);
          expect(payment.totalPaymentAmount).toBe(payment.amount);
          expect(payment.transactionDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(payment.transactionDate).toBe(payment.date);
        }
        const premium = payments.filter((p) => (p.info as Json).type === 'PREMIUM');
        expect(premium).toHaveLength(1);
        expect(premium[0]).toMatchObject({ status: 'PAID', transactionDate: businessToday() });
        charged += premium[0]!.totalPaymentAmount as number;
        if (policy === first) {
          // The refund gives back the premium collected, not the fees the charge also paid.
          const refund = await db()
            .selectFrom('policy_refunds')
            .select('amount_cents')
            .where('policy_number', '=', policy.policyNumber)
            .executeTakeFirstOrThrow();
          const refunds = payments.filter((p) => (p.info as Json).type === 'REFUND');
          expect(refunds).toEqual([
            expect.objectContaining({
              status: 'REFUNDED',
              info: expect.objectContaining({ status: 'REFUNDED' }),
              totalPaymentAmount: refund.amount_cents / 100,
              transactionDate: businessToday(),
            }),
          ]);
          expect(refund.amount_cents).toBeGreaterThan(0);
          expect(refund.amount_cents / 100).toBeLessThanOrEqual(premium[0]!.totalPaymentAmount as number);
        }
      }
      // The three policies' payment records add up to the one charge of their purchase.
      const quote = await db()
        .selectFrom('quotes')
        .select('charged_cents')
        .where('uuid', '=', first!.quoteUuid)
        .executeTakeFirstOrThrow();
      expect(Math.round(charged * 100)).toBe(quote.charged_cents);

      // Another persona without quote_policy is refused the policy's view and payments.
      const accounting = await login(ACCOUNTING);
      for (const path of [`/v2/matters/${first!.matterId}`, `/v2/matters/${first!.matterId}/payments`])
        expect((await s.api.get(path, { token: accounting })).status).toBe(403);
    });

    it('answers adjustment events with their multiplier type, agreeing with the written premium report', async () => {
      const [policy] = await buyPolicies(e, db(), AGENT);
      const agent = await login(AGENT);
      const cancelled = await s.api.post(
        `/v2/policies/${policy!.matterId}/cancel`,
        { data: { cancelDate: businessToday(), reason: 'CUSTOMER_REQUEST', commit: true } },
        { token: agent },
      );
      expect(cancelled.status, cancelled.text).toBe(200);

      const types = (await read('/v2/lists/event-types', agent)).data as Json[];
      for (const type of types) expect(Object.keys(type)).toEqual(expect.arrayContaining(ADJUSTMENT_TYPE));
      const multiplier = Object.fromEntries(types.map((t) => [t.code, t.multiplier_type]));
      expect(multiplier).toMatchObject({
        NB: 'ADD',
        RN: 'ADD',
        RW: 'ADD',
        RI: 'ADD',
        CN: 'SUBTRACT',
        FC: 'SUBTRACT',
        EN: 'NONE',
      });
      const enabled = (await read('/v2/lists/event-types?isEnabled=true', agent)).data as Json[];
      expect(enabled.every((t) => t.is_enabled === true)).toBe(true);

      const today = businessToday();
      const report = await read(
        `/v2/reports/nwp?fromDate=${today}&toDate=${today}&entityCode=${NORTHWIND_AUSTIN}`,
        await login(REPORTS),
      );
      const totals = (report.data as { totals: Json[] }).totals;
      for (const total of totals) {
        expect(total).toMatchObject({
          multiplierType: multiplier[total.code as string],
          allowNewBusiness: expect.any(Boolean),
          allowRenewal: expect.any(Boolean),
          enabled: expect.any(Boolean),
        });
        // How each type's premium counts is what the period's events did: issues add, cancellations subtract.
        const sign = Math.sign(total.premium as number);
        if (sign !== 0) expect(sign).toBe(SIGN[total.multiplierType as keyof typeof SIGN]);
      }
      const premiumOf = (code: string) =>
        totals.filter((t) => t.code === code).reduce((sum, t) => sum + (t.premium as number), 0);
      expect(premiumOf('NB')).toBeGreaterThan(0);
      expect(premiumOf('FC') + premiumOf('CN')).toBeLessThan(0);
    });

    it('answers account types with their state-mapping flag and entity types with can quote and enabled', async () => {
      const token = await login(AGENT);
      const accounts = (await read('/v2/lists/account-types', token)).data as Json[];
      for (const type of accounts)
        expect(Object.keys(type)).toEqual(
          expect.arrayContaining(['type_code', 'type_desc', 'enable_state_mapping']),
        );
      expect(accounts.map((t) => [t.type_code, t.enable_state_mapping])).toEqual([
        ['CARD', false],
        ['CHECKING', false],
        ['SAVINGS', false],
      ]);

      // The bank account types the product takes are the list's: a savings account is verified, a money
      // market account refused.
      const accountTypesTaken = accounts
        .filter((t) => (t.used_for as string[]).includes('AGENCY_PAYOUT'))
        .map((t) => String(t.type_code).toLowerCase());
      expect(accountTypesTaken).toEqual(['checking', 'savings']);
      const accounting = await login(ACCOUNTING);
      const verify = (accountType: string) =>
        s.api.post(
          '/v2/bank-accounts',
          { routingNumber: RTP_BANK, accountNumber: String(Date.now()).slice(-12), accountType },
          { token: accounting, actingFor: NORTHWIND },
        );
      for (const taken of accountTypesTaken) expect((await verify(taken)).status).toBe(200);
      const refused = await verify('money_market');
      expect(refused.status).toBe(422);
      expect(Object.keys((refused.body as { errors: Json }).errors)).toEqual(['accountType']);

      const entityTypes = (await read('/v2/lists/entity/types', token)).data as Json[];
      for (const type of entityTypes)
        expect(Object.keys(type)).toEqual(
          expect.arrayContaining(['type_code', 'type_desc', 'can_quote', 'is_enabled']),
        );
      // The referral partner's type may not quote, as the server enforces for its entities.
      expect(entityTypes.find((t) => t.type_code === 'REFERRAL')).toMatchObject({
        can_quote: false,
        is_enabled: true,
      });

      for (const path of ['/v2/lists/account-types', '/v2/lists/entity/types', '/v2/lists/event-types'])
        expect((await s.api.get(path)).status).toBe(401);
    });
  },
);
