import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MANAGER, NORTHWIND_AUSTIN } from '../../support/personas';
import { entityIdOf } from '../../support/records';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../../support/rentersPolicyFixtures';
import { useTestServer } from '../../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../../support/testServer';

// SPEC §7 "Customer payment" of the renters area (paths under /v2/renters): "GET customers/{customerId};
// POST customers/{customerId} (data)" and "GET credentials", with §3's renters wire models "customer (id,
// guid, email, name_first, name_last, full_name, welcome_email_sent, addresses, contacts, policies); address
// (address_type, line_1, line_2, city, state, zip_code, property_name, property_owner, confirmed); contact
// (type, number_type, number, additional_info, extension)". The policy is sold by the product's fixtures; the
// client logs in and reads the answers by SPEC's names alone, with no schema of the product's.
const CUSTOMER = [
  'id',
  'guid',
  'email',
  'name_first',
  'name_last',
  'full_name',
  'welcome_email_sent',
  'addresses',
  'contacts',
  'policies',
];
const ADDRESS = [
  'address_type',
  'line_1',
  'line_2',
  'city',
  'state',
  'zip_code',
  'property_name',
  'property_owner',
  'confirmed',
];
const CONTACT = ['type', 'number_type', 'number', 'additional_info', 'extension'];

type Json = Record<string, unknown>;

describe.each(testDatabases())(
  'SPEC §7 renters customer and credentials, as a SPEC client calls them, on %s',
  (database) => {
    const s = useTestServer(database);
    const db = () => s.t.server.database.db;

    const login = async () => {
      const answer = await s.api.post('/v2/auth', { email: MANAGER, password: DEMO_PASSWORD });
      expect(answer.status).toBe(200);
      return (answer.body as { accessToken: string }).accessToken;
    };

    it('reads the customer by SPEC §3 names, changes its name and e-mail, and reads the credentials', async () => {
      const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
      const issue = rentersPolicyIssue({ entityId });
      const sold = await issueTestRentersPolicy(db(), issue);
      const token = await login();
      const path = `/v2/renters/customers/${sold.customerId}`;

      const read = await s.api.get(path, { token });
      expect(read.status, read.text).toBe(200);
      const customer = (read.body as { data: Json }).data;
      expect(Object.keys(customer).sort()).toEqual([...CUSTOMER].sort());
      expect(customer).toMatchObject({
        id: sold.customerId,
        email: issue.customer.email,
        name_first: issue.customer.firstName,
        name_last: issue.customer.lastName,
        full_name: `${issue.customer.firstName} ${issue.customer.lastName}`,
        welcome_email_sent: null,
      });
      expect(customer.guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

      const addresses = customer.addresses as Json[];
      for (const address of addresses) expect(Object.keys(address).sort()).toEqual([...ADDRESS].sort());
      expect(addresses.map((a) => a.address_type)).toEqual(['MAILING', 'PROPERTY', 'INTPARTY']);
      expect(addresses[0]).toMatchObject({ line_1: 'PO Box 77', line_2: null, confirmed: true });
      expect(addresses[1]).toMatchObject({
        line_1: issue.propertyAddress.line1,
        line_2: issue.propertyAddress.line2,
        city: issue.propertyAddress.city,
        state: issue.propertyAddress.state,
        zip_code: issue.propertyAddress.zip,
      });
      expect(addresses[2]).toMatchObject({ property_owner: issue.interestedParty!.name });

      const contacts = customer.contacts as Json[];
      expect(contacts).toHaveLength(1);
      expect(Object.keys(contacts[0]!).sort()).toEqual([...CONTACT].sort());
      expect(contacts[0]).toMatchObject({
        type: 'PRIMARY',
        number_type: 'MOBILE',
        number: issue.customer.phone,
        extension: null,
      });

      const policies = customer.policies as Json[];
      expect(policies).toEqual([
        expect.objectContaining({
          policy_number: sold.policyNumber,
          matter_id: sold.matterId,
          status_code: 'ACTIVE',
          effective_at: issue.effectiveDate,
        }),
      ]);

      const email = `renamed.${randomBytes(3).toString('hex')}@example.test`;
      const post = await s.api.post(path, { data: { name_first: 'Jordan', email } }, { token });
      expect(post.status, post.text).toBe(200);
      expect((post.body as { data: Json }).data).toMatchObject({ name_first: 'Jordan', email });

      const again = (await s.api.get(path, { token })).body as { data: Json };
      expect(again.data).toMatchObject({
        name_first: 'Jordan',
        name_last: issue.customer.lastName,
        full_name: `Jordan ${issue.customer.lastName}`,
        email,
        guid: customer.guid,
      });

      // SPEC §3 "Payment method: last_4, type, billing_zip_code, is_primary, is_active", in the renters wire's
      // snake_case (the screen's camelCase record is the portal's reading of it).
      const methods = await s.api.get(`${path}/payment_methods`, { token });
      expect(methods.status, methods.text).toBe(200);
      const [onFile] = (methods.body as { data: Json[] }).data;
      expect(onFile).toMatchObject({
        type: issue.payment.method,
        last_4: issue.payment.last4,
        billing_zip_code: null,
        is_primary: true,
        is_active: true,
      });
      for (const key of Object.keys(onFile!)) expect(key).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);

      const credentials = await s.api.get('/v2/renters/credentials', { token });
      expect(credentials.status, credentials.text).toBe(200);
      const data = (credentials.body as { data: Json }).data;
      expect(data).toMatchObject({ mode: 'sandbox', tokenize_url: '/v2/renters/tokenize' });
      expect(data.payment_types).toEqual(['card', 'bank']);
      expect(JSON.stringify(data)).not.toMatch(/secret/i);
    });
  },
);
