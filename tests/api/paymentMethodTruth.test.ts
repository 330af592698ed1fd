import { describe, expect, it } from 'vitest';
import { BillingResponse } from '../../src/api/schemas/billing';
import { RentersPayNowResponse } from '../../src/api/schemas/rentersBilling';
import { addDays, addMonths, MovableClock, businessDate } from '../../src/calendar';
import type { Db } from '../../src/server/store/db';
import { runBillingOn, runDatedWorkOn } from '../support/billingDays';
import { entityApi, expectStatus } from '../support/entityApi';
import { apiFor, expectError, expectValidationError } from '../support/http';
import { AGENT, INTERNAL, LAKESIDE_MANAGER, NORTHWIND_AUSTIN, REPORTS } from '../support/personas';
import { purchasePolicies } from '../support/policyFixtures';
import { tokenFor } from '../support/quoteApi';
import { entityIdOf } from '../support/records';
import { issuePaidRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// One payment method truth per customer and policy (docs/payments.md "Renters payment methods", docs/billing.md
// "On screen"): the card billing charges is the card the policy's record and the customer's account name.
// Once, a renters "Pay now" with a new card left the record and the account on the card that declined while
// billing charged the new one, and a pet policy's card could change only through a payment that succeeded.
const NEW_CARD = '5555555555554444';

describe.each(testDatabases())(
  'the card billing charges and the card the records show, on %s',
  (database) => {
    const clock = new MovableClock(new Date());
    const s = useTestServer(database, {}, { clock });
    const db = (): Db => s.t.server.database.db;
    const e = entityApi(() => apiFor(s.t.url));

    it('makes a renters Pay now card that paid the customer’s primary method, on the record and in billing', async () => {
      const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
      const issue = rentersPolicyIssue({ entityId, effectiveDate: businessDate(clock.now()) });
      const { policyNumber, matterId } = await issuePaidRentersPolicy(db(), issue);
      const account = await db()
        .selectFrom('billing_accounts')
        .select(['token', 'customer_id'])
        .where('line', '=', 'renters')
        .where('policy_number', '=', policyNumber)
        .executeTakeFirstOrThrow();
      // The card stops working; the day's run declines the second instalment.
      await db()
        .updateTable('payment_tokens')
        .set({ behaviour: 'card_declined' })
        .where('token', '=', account.token!)
        .execute();
      await runDatedWorkOn(db(), clock, issue.nextBill!.dueDate);

      const paymentToken = await tokenFor(e, INTERNAL, NEW_CARD);
      const paid = await e.post(`/v2/renters/policies/${matterId}/billing/pay-now`, INTERNAL, {
        data: { payment_token: paymentToken },
      });
      expectStatus(paid, 200);
      expect(RentersPayNowResponse.parse(paid.body).data).toMatchObject({ collected: 1, declined: 0 });

      const methods = await e.get(`/v2/renters/customers/${account.customer_id}/payment_methods`, INTERNAL);
      expectStatus(methods, 200);
      const list = (methods.body as { data: { last_4: string; is_primary: boolean }[] }).data;
      expect(list.filter((m) => m.is_primary).map((m) => m.last_4)).toEqual(['4444']);
      const changed = await db()
        .selectFrom('events')
        .select('data')
        .where('stream_type', '=', 'renters_policy')
        .where('stream_id', '=', policyNumber)
        .where('type', '=', 'renters.paymentMethodChanged')
        .execute();
      expect(changed.map((c) => (c.data as { last4: string }).last4)).toEqual(['4444']);
      const billing = await db()
        .selectFrom('billing_accounts')
        .select('last4')
        .where('line', '=', 'renters')
        .where('policy_number', '=', policyNumber)
        .executeTakeFirstOrThrow();
      expect(billing.last4).toBe('4444');
    });

    it('brings a renters customer’s new primary card to the billing of a policy that lapsed, so Pay now reinstates it', async () => {
      const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
      const issue = rentersPolicyIssue({ entityId, effectiveDate: businessDate(clock.now()) });
      const { policyNumber, matterId } = await issuePaidRentersPolicy(db(), issue);
      const account = await db()
        .selectFrom('billing_accounts')
        .select(['token', 'customer_id'])
        .where('line', '=', 'renters')
        .where('policy_number', '=', policyNumber)
        .executeTakeFirstOrThrow();
      await db()
        .updateTable('payment_tokens')
        .set({ behaviour: 'card_declined' })
        .where('token', '=', account.token!)
        .execute();
      const due = issue.nextBill!.dueDate;
      for (const offset of [0, 3, 7, 14, 30]) await runDatedWorkOn(db(), clock, addDays(due, offset));
      const lapsed = await db()
        .selectFrom('billing_accounts')
        .select('state')
        .where('line', '=', 'renters')
        .where('policy_number', '=', policyNumber)
        .executeTakeFirstOrThrow();
      expect(lapsed.state).toBe('lapsed');

      // The customer gives a new card through "Update payment method" (setup intent, tokenize, add as primary).
      const customer = `/v2/renters/customers/${account.customer_id}`;
      const intent = await e.get(
        `${customer}/payment_accounts/active/payment_methods/setup-intent`,
        INTERNAL,
      );
      expectStatus(intent, 200);
      const { setup_intent_id, payment_account_id } = (
        intent.body as { data: { setup_intent_id: string; payment_account_id: string } }
      ).data;
      const card = { number: NEW_CARD, expiry: '11/30', cvc: '321', name: 'Grace Hopper', zip: '78702' };
      expectStatus(
        await e.post('/v2/renters/tokenize', INTERNAL, { data: { setup_intent_id, type: 'card', card } }),
        200,
      );
      const added = await e.post(
        `${customer}/payment_accounts/${payment_account_id}/payment_methods`,
        INTERNAL,
        {
          data: { setup_intent_id, is_primary: true },
        },
      );
      expectStatus(added, 201);
      expect((added.body as { meta: { policy_numbers: string[] } }).meta.policy_numbers).toContain(
        policyNumber,
      );

      // Pay now with the card on file takes the new card and reinstates the policy.
      const paid = await e.post(`/v2/renters/policies/${matterId}/billing/pay-now`, INTERNAL, { data: {} });
      expectStatus(paid, 200);
      expect(RentersPayNowResponse.parse(paid.body).data).toMatchObject({ declined: 0, reinstated: true });
    });

    it('lets staff change a pet policy’s card without a payment, and the run charges it', async () => {
      const start = businessDate(clock.now());
      const { policies } = await purchasePolicies(s.t, { startDate: start });
      const { policyNumber, matterId } = policies[0]!;
      const path = `/v2/policies/${matterId}/billing/payment-method`;
      const paymentToken = await tokenFor(e, AGENT, NEW_CARD);

      // Only a token the caller made, only with the privilege, only in scope; nothing changes on a refusal.
      const someoneElses = await tokenFor(e, INTERNAL, NEW_CARD);
      expectValidationError(await e.post(path, AGENT, { data: { paymentToken: someoneElses } }), [
        'data.paymentToken',
      ]);
      expectValidationError(await e.post(path, AGENT, { data: {} }), ['data.paymentToken']);
      expectError(await e.post(path, REPORTS, { data: { paymentToken } }), 403);
      expectError(await e.post(path, LAKESIDE_MANAGER, { data: { paymentToken } }), 404);

      const changed = await e.post(path, AGENT, { data: { paymentToken } });
      expectStatus(changed, 200);
      expect(BillingResponse.parse(changed.body).data.billing?.paymentMethod).toEqual({
        method: 'card',
        last4: '4444',
      });

      const second = addMonths(start, 1);
      await runBillingOn(db(), second);
      const charged = await db()
        .selectFrom('payment_charges')
        .select(['token', 'outcome'])
        .where('idempotency_key', 'like', `billing:pet:${policyNumber}:2:%`)
        .execute();
      expect(charged).toEqual([{ token: paymentToken, outcome: 'ok' }]);
    });
  },
);
