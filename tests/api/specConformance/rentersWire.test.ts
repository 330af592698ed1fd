import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { entityApi } from '../../support/entityApi';
import { AGENT, INTERNAL } from '../../support/personas';
import { rentersCoverage, rentersQuoteApi, daysFromToday } from '../../support/rentersQuoteApi';
import { useTestServer } from '../../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../../support/testServer';

// SPEC §3 "Address blocks on the wire: property, mailing, interested_party, each with loc_type, name,
// address_1, address_2, city, state_code, zip", §7 renters "POST purchase: body data", "POST
// policies/{policyId}/addresses", "POST and DELETE policies/{policyId}/additional-insureds (delete body is an
// id number)". A client that writes its requests in those names alone, from a quote to edits of the policy
// it bought; the card token comes from the payment session as in every journey.
type Json = Record<string, unknown>;

describe.each(testDatabases())(
  'SPEC §3/§7 renters wire blocks, as a SPEC client sends them, on %s',
  (database) => {
    const s = useTestServer(database);
    const r = rentersQuoteApi(entityApi(() => s.api));

    const signIn = async (email: string) => {
      const login = await s.api.post('/v2/auth', { email, password: DEMO_PASSWORD });
      expect(login.status).toBe(200);
      return (login.body as { accessToken: string }).accessToken;
    };
    const block = (loc_type: string, name: string | null, address_1: string, zip: string) => ({
      loc_type,
      name,
      address_1,
      address_2: null,
      city: 'Austin',
      state_code: 'TX',
      zip,
    });

    it('quotes with address blocks, buys with a data body, then edits the policy by block and id number', async () => {
      const token = await signIn(AGENT);
      const call = async (path: string, body: unknown, as = token, method: 'post' | 'del' = 'post') => {
        const response =
          method === 'post'
            ? await s.api.post(path, body, { token: as })
            : await s.api.request('DELETE', path, { token: as, body });
        expect(response.status, `${path}: ${response.text}`).toBeLessThan(300);
        return (response.body as { data: Json }).data;
      };
      const unit = `Apt ${randomBytes(3).toString('hex')}`;
      const started = await call('/v2/renters/quotes', {
        property: { ...block('PROPERTY', null, '200 Congress Ave', '78701'), address_2: unit },
        effective_date: daysFromToday(10),
        interested_party: block('INTPARTY', 'Congress Towers Management', '1 Leasing Way', '78702'),
      });
      expect(started.property).toMatchObject({ line_1: '200 Congress Ave', line_2: unit, zip_code: '78701' });
      expect(started.interested_party).toMatchObject({
        name: 'Congress Towers Management',
        line_1: '1 Leasing Way',
      });
      const base = `/v2/renters/quotes/${String(started.id)}`;
      await call(`${base}/coverage`, rentersCoverage);
      const customer = await call(`${base}/customer`, {
        customer: {
          name_first: 'Grace',
          name_last: 'Hopper',
          email: 'grace@example.test',
          mailing_address: block('MAILING', null, 'PO Box 12', '78767'),
        },
        contacts: [{ type: 'PRIMARY', number_type: 'MOBILE', number: '5125550142', extension: null }],
      });
      expect((customer.customer as Json).mailing_address).toMatchObject({
        line_1: 'PO Box 12',
        zip_code: '78767',
      });
      const review = await call(`${base}/payment-method`, {
        token: await r.token(),
        billing_zip_code: '78701',
      });
      const bought = await call(`${base}/purchase`, {
        data: {
          request_id: randomUUID(),
          terms_accepted: true,
          total: (review.premium as { total: number }).total,
        },
      });
      const policyNumber = String((bought.policy as Json).policy_number);
      const matterId = Number(policyNumber.replace(/\D/g, ''));

      // Staff edit the policy: a mailing address as a block, an additional insured removed by its number.
      const staff = await signIn(INTERNAL);
      const policy = `/v2/renters/policies/${matterId}`;
      const moved = await call(
        `${policy}/addresses`,
        { data: block('MAILING', null, 'PO Box 99', '78768') },
        staff,
      );
      expect(((moved.policyholder as Json).mailingAddress as Json).line1).toBe('PO Box 99');
      const added = await call(
        `${policy}/additional-insureds`,
        { data: { name_first: 'Sam', name_last: 'Roommate' } },
        staff,
      );
      const [insured] = added.additionalInsureds as { id: number }[];
      expect(typeof insured!.id).toBe('number');
      const removed = await call(`${policy}/additional-insureds`, insured!.id, staff, 'del');
      expect(removed.additionalInsureds).toEqual([]);
    });

    it('names the block fields when it refuses a block, and a loc_type that is not the block’s own', async () => {
      const token = await signIn(AGENT);
      const response = await s.api.post(
        '/v2/renters/quotes',
        {
          property: { ...block('MAILING', null, '', '7870'), address_2: null },
          effective_date: daysFromToday(10),
        },
        { token },
      );
      expect(response.status).toBe(422);
      expect(Object.keys((response.body as { errors: Json }).errors).sort()).toEqual([
        'property.address_1',
        'property.loc_type',
        'property.zip',
      ]);
    });
  },
);
