import { describe, expect, it } from 'vitest';
import { QuoteCommandAnswer } from '../../src/api/schemas/quoteCommands';
import { CustomerAnswer, EncodedCustomerIdAnswer } from '../../src/api/schemas/quotePurchase';
import { decodeCustomerId } from '../../src/server/domain/customers/customerQueries';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { expectValidationError } from '../support/http';
import {
  ADMIN,
  AGENT,
  INTERNAL,
  LAKESIDE,
  MANAGER,
  NORTHWIND_AUSTIN,
  NORTHWIND_DALLAS,
} from '../support/personas';
import { purchaseOf, quoteApi, quoteAtCheckout, tokenFor, uniqueCustomer } from '../support/quoteApi';
import { entityIdOf } from '../support/records';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Actions `customer` and `encodedCustomerId` (docs/quote-actions.md): the policyholder a purchase made,
// seen by users of the entities of the customer's policies (and above) and by staff; anyone else gets the
// refusal an unknown customer gets.
describe.each(testDatabases())('quote customer actions on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const q = quoteApi(e);
  const db = () => s.t.server.database.db;

  async function purchased(customer = uniqueCustomer({ street: '1 Congress Ave' })) {
    const checkout = await quoteAtCheckout(q, { customer });
    const response = await q.act('POST', 'purchase', {
      ...purchaseOf(checkout, await tokenFor(e)),
      customer: { ...customer, street2: 'Apt 4' },
    });
    expectStatus(response, 200);
    const quote = QuoteCommandAnswer.parse(response.body).data.quote;
    expect(quote.step).toBe('thankYou');
    return { quote, customer };
  }

  it('answers the customer of a purchase, and the same customer for the next purchase of that e-mail', async () => {
    const { quote, customer } = await purchased();
    const id = quote.customer_id!;
    const response = await q.act('GET', 'customer', { customerId: id });
    expectStatus(response, 200);
    expect(CustomerAnswer.parse(response.body).data).toEqual({
      id,
      first_name: customer.firstName,
      last_name: customer.lastName,
      address_line_1: '1 Congress Ave',
      address_line_2: 'Apt 4',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      phone: customer.phone,
      email: customer.email,
    });

    // The same e-mail in the same agency: the customer is reused and brought up to date.
    const again = await purchased({ ...customer, email: customer.email.toUpperCase(), street: '2 Main St' });
    expect(again.quote.customer_id).toBe(id);
    const updated = await q.act('GET', 'customer', { customerId: id });
    expect(CustomerAnswer.parse(updated.body).data.address_line_1).toBe('2 Main St');
    const events = await db()
      .selectFrom('events')
      .select('type')
      .where('stream_type', '=', 'customer')
      .where('stream_id', '=', String(id))
      .orderBy('version')
      .execute();
    expect(events.map((ev) => ev.type)).toEqual(['customer.created', 'customer.updated']);
  });

  it('shows a customer only within the scope of their policies', async () => {
    const { quote } = await purchased();
    const id = quote.customer_id!;
    for (const email of [AGENT, MANAGER, INTERNAL, ADMIN]) {
      const response = await q.act('GET', 'customer', { customerId: id }, { email });
      expect(CustomerAnswer.parse(response.body).data.id, email).toBe(id);
    }
    const lakeside = await userWith(db(), {
      entityCode: LAKESIDE,
      userType: 'external',
      privilegeCodes: ['quote_new'],
    });
    const dallas = await userWith(db(), {
      entityCode: NORTHWIND_DALLAS,
      userType: 'external',
      privilegeCodes: ['quote_new'],
    });
    const unknown = await q.act('GET', 'customer', { customerId: 999_999 });
    expect(unknown.body).toEqual({
      data: { error: 'The customer was not found.' },
      meta: { action: 'customer', actionCode: null },
    });
    for (const email of [lakeside, dallas]) {
      for (const action of ['customer', 'encodedCustomerId']) {
        const response = await q.act('GET', action, { customerId: id }, { email });
        expectStatus(response, 200);
        expect(response.body, `${action} as ${email}`).toEqual({
          data: { error: 'The customer was not found.' },
          meta: { action, actionCode: null },
        });
      }
    }
  });

  it('shows a customer who holds only a renters policy to the agencies above it', async () => {
    const austin = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const { customerId } = await issueTestRentersPolicy(
      db(),
      rentersPolicyIssue({ entityId: austin, email: `renter.${Date.now()}@example.test` }),
    );
    for (const email of [AGENT, MANAGER]) {
      const response = await q.act('GET', 'customer', { customerId }, { email });
      expect(CustomerAnswer.parse(response.body).data.id, email).toBe(customerId);
    }
    const lakeside = await userWith(db(), {
      entityCode: LAKESIDE,
      userType: 'external',
      privilegeCodes: ['quote_new'],
    });
    const response = await q.act('GET', 'customer', { customerId }, { email: lakeside });
    expect(response.body).toMatchObject({ data: { error: 'The customer was not found.' } });
  });

  it('encodes a customer id opaquely, URL-safe and signed with the server secret', async () => {
    const { quote } = await purchased();
    const id = quote.customer_id!;
    const response = await q.act('GET', 'encodedCustomerId', { customerId: id });
    expectStatus(response, 200);
    const { data } = EncodedCustomerIdAnswer.parse(response.body);
    expect(data.customer_id).toBe(id);
    expect(data.encoded_customer_id).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    // Enciphered, not merely encoded: the block is no spelling of the id (a substring test would match the
    // id's two base64 characters by chance about once in a hundred runs).
    expect(data.encoded_customer_id.split('.')[0]).not.toBe(Buffer.from(String(id)).toString('base64url'));
    expect(decodeCustomerId(s.t.config.accessTokenSecret, data.encoded_customer_id)).toBe(id);
    expect(decodeCustomerId('another secret of at least 32 chars!!', data.encoded_customer_id)).toBeNull();
    const [block, sig] = data.encoded_customer_id.split('.') as [string, string];
    const flipped = `${block.slice(0, -2)}${block.endsWith('AA') ? 'AQ' : 'AA'}.${sig}`;
    expect(decodeCustomerId(s.t.config.accessTokenSecret, flipped)).toBeNull();
  });

  it('refuses malformed customer ids', async () => {
    for (const customerId of [0, -1, 1.5, '12']) {
      expectValidationError(await q.act('GET', 'customer', { customerId }), ['data.customerId']);
    }
    expectValidationError(await q.act('POST', 'customer', { customerId: 1 }), ['method']);
  });
});
