import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { businessToday } from '../../support/businessToday';
import { entityApi } from '../../support/entityApi';
import { AGENT, INTERNAL, MANAGER, NORTHWIND_AUSTIN } from '../../support/personas';
import { entityIdOf } from '../../support/records';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../../support/rentersPolicyFixtures';
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

    // SPEC §3 "Quote: id, changeset_id, email, names, state_code, zip_code, term_interval, effective_at,
    // transaction_type, status, status_at, sold, sold_by, sold_on, premium, term_premium, customer, addresses,
    // contacts, coverage, taxes, fees, producer, quoted_by", and the contact's additional_info kept from the
    // quote to the policy's customer and its contact edit.
    it('answers the quote by SPEC §3 Quote names from its start to its sale, and keeps a contact’s additional_info', async () => {
      const token = await signIn(AGENT);
      const get = async (path: string, as = token) => {
        const response = await s.api.get(path, { token: as });
        expect(response.status, `${path}: ${response.text}`).toBe(200);
        return (response.body as { data: Json }).data;
      };
      const post = async (path: string, body: unknown) => {
        const response = await s.api.post(path, body, { token });
        expect(response.status, `${path}: ${response.text}`).toBeLessThan(300);
        return (response.body as { data: Json }).data;
      };
      const timestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
      const QUOTE = [
        'id',
        'changeset_id',
        'email',
        'name_first',
        'name_last',
        'state_code',
        'zip_code',
        'term_interval',
        'effective_at',
        'transaction_type',
        'status',
        'status_at',
        'sold',
        'sold_by',
        'sold_on',
        'premium',
        'term_premium',
        'customer',
        'addresses',
        'contacts',
        'coverage',
        'taxes',
        'fees',
        'producer',
        'quoted_by',
      ];
      const unit = `Apt ${randomBytes(3).toString('hex')}`;
      const effective = daysFromToday(10);
      const started = await post('/v2/renters/quotes', {
        property: { ...block('PROPERTY', null, '200 Congress Ave', '78701'), address_2: unit },
        effective_date: effective,
        interested_party: block('INTPARTY', 'Congress Towers Management', '1 Leasing Way', '78702'),
      });
      const path = `/v2/renters/quotes/${String(started.id)}`;
      const open = await get(path);
      for (const key of QUOTE) expect(open, key).toHaveProperty(key);
      expect(open).toMatchObject({
        changeset_id: 1,
        email: null,
        state_code: 'TX',
        zip_code: '78701',
        effective_at: effective,
        transaction_type: 'NEW_BUSINESS',
        status: 'OPEN',
        sold: false,
        sold_by: null,
        sold_on: null,
        term_premium: null,
        quoted_by: { id: expect.any(Number), name: expect.any(String) },
      });
      expect(open.status_at).toMatch(timestamp);
      expect(open.producer).toMatchObject({ entity_code: expect.stringMatching(/^\d{4}-\d{4}-[A-Z]{2}$/) });
      expect(open.addresses).toEqual([
        {
          address_type: 'PROPERTY',
          line_1: '200 Congress Ave',
          line_2: unit,
          city: 'Austin',
          state: 'TX',
          zip_code: '78701',
          property_name: null,
          property_owner: 'Congress Towers Management',
          confirmed: true,
        },
        expect.objectContaining({ address_type: 'INTPARTY', line_1: '1 Leasing Way', confirmed: true }),
      ]);

      // §3 "Coverage option validation carries allow, type and values for contents, liability, deductible and
      // theft", read before choosing.
      const options = await get(`/v2/renters/coverage-options?state=TX&effective_date=${effective}`);
      for (const name of ['contents', 'liability', 'deductible', 'theft']) {
        const option = (options.options as Record<string, Json>)[name]!;
        expect(option, name).toMatchObject({ allow: expect.any(Boolean), type: expect.any(String) });
        expect(Array.isArray(option.values), name).toBe(true);
      }
      const priced = await post(`${path}/coverage`, rentersCoverage);
      expect(priced).toMatchObject({ status: 'QUOTED', term_interval: 'annual' });
      // §3 "Coverage: contents (amount, deductible_amount, additional_living_expense, is_preferred_property);
      // liability (amount, damage_to_property_of_others_amount, medical_payments_amount); optional items (…);
      // premium total": the coverage chosen is answered by the same names, and the total is its figures' sum.
      expect(priced.coverage).toMatchObject(rentersCoverage.coverage);
      const premium = priced.premium as Json;
      expect(Math.round((premium.total as number) * 100)).toBe(
        Math.round((premium.term_premium as number) * 100) +
          Math.round((premium.taxes as number) * 100) +
          Math.round((premium.fees as number) * 100),
      );
      expect(priced.changeset_id).toBeGreaterThan(open.changeset_id as number);
      expect(priced.term_premium).toBe((priced.premium as Json).term_premium);
      expect(priced.taxes).toBe((priced.premium as Json).taxes);
      expect(priced.fees).toBe((priced.premium as Json).fees);
      const withCustomer = await post(`${path}/customer`, {
        customer: { name_first: 'Ada', name_last: 'Byron', email: 'ada@example.test', mailing_address: null },
        contacts: [
          {
            type: 'PRIMARY',
            number_type: 'HOME',
            number: '5125550142',
            additional_info: 'Evenings only',
            extension: null,
          },
        ],
      });
      expect(withCustomer).toMatchObject({
        email: 'ada@example.test',
        name_first: 'Ada',
        name_last: 'Byron',
      });
      expect(withCustomer.contacts).toEqual([
        {
          type: 'PRIMARY',
          number_type: 'HOME',
          number: '5125550142',
          additional_info: 'Evenings only',
          extension: null,
        },
      ]);
      // Taken back a step, the quote keeps its price and its status.
      const back = await post(`${path}/back`, {});
      expect(back).toMatchObject({ status: 'QUOTED', status_at: priced.status_at });
      await post(`${path}/customer`, {
        customer: { name_first: 'Ada', name_last: 'Byron', email: 'ada@example.test', mailing_address: null },
        contacts: [
          { type: 'PRIMARY', number_type: 'HOME', number: '5125550142', additional_info: 'Evenings only' },
        ],
      });
      const review = await post(`${path}/payment-method`, {
        token: await r.token(),
        billing_zip_code: '78701',
      });
      const bought = await post(`${path}/purchase`, {
        data: { request_id: randomUUID(), terms_accepted: true, total: (review.premium as Json).total },
      });
      const sold = await get(path);
      expect(sold).toMatchObject({
        status: 'SOLD',
        sold: true,
        sold_by: open.quoted_by,
        sold_on: businessToday(),
        changeset_id: bought.changeset_id,
      });
      expect(sold.status_at).toMatch(timestamp);
      expect(Date.parse(String(sold.status_at))).toBeGreaterThanOrEqual(Date.parse(String(priced.status_at)));

      // The contact's additional_info reaches the policy's customer and stays until a contact edit says otherwise.
      const staff = await signIn(INTERNAL);
      const matterId = Number(String((bought.policy as Json).policy_number).replace(/\D/g, ''));
      const customerPath = `/v2/renters/customers/${String((await get(`/v2/renters/policies/${matterId}`, staff)).customer_id)}`;
      const customer = await get(customerPath, staff);
      expect(customer.contacts).toEqual([
        {
          type: 'PRIMARY',
          number_type: 'HOME',
          number: '5125550142',
          additional_info: 'Evenings only',
          extension: null,
        },
      ]);
      const changed = await s.api.post(
        `/v2/renters/policies/${matterId}/contacts`,
        {
          data: {
            number_type: 'WORK',
            number: '5125550199',
            extension: '12',
            additional_info: 'Ask for Ada',
          },
        },
        { token: staff },
      );
      expect(changed.status, changed.text).toBe(200);
      const again = await get(customerPath, staff);
      expect(again.contacts).toEqual([
        {
          type: 'PRIMARY',
          number_type: 'WORK',
          number: '5125550199',
          additional_info: 'Ask for Ada',
          extension: '12',
        },
      ]);
    });

    // SPEC §3 "Note: priority, source, visibility, content", §7 "GET/POST policies/{policyId}/notes (query;
    // body data)". An INTERNAL note is staff's: an agency's user is neither answered one nor may write one.
    it('keeps notes by SPEC §3 Note names, and answers an internal note to staff alone', async () => {
      const entityId = await entityIdOf(s.t.server.database.db, NORTHWIND_AUSTIN);
      const sold = await issueTestRentersPolicy(s.t.server.database.db, rentersPolicyIssue({ entityId }));
      const notes = `/v2/renters/policies/${sold.matterId}/notes`;
      const staff = await signIn(INTERNAL);
      const agency = await signIn(MANAGER);
      const NOTE = ['id', 'priority', 'source', 'visibility', 'content', 'created_at', 'created_by'];

      const high = await s.api.post(
        notes,
        { data: { content: ' Tenant asked about flood cover ', priority: 'HIGH' } },
        { token: agency },
      );
      expect(high.status, high.text).toBe(201);
      const written = (high.body as { data: Json }).data;
      expect(Object.keys(written).sort()).toEqual([...NOTE].sort());
      expect(written).toMatchObject({
        content: 'Tenant asked about flood cover',
        priority: 'HIGH',
        source: 'USER',
        visibility: 'AGENT',
      });
      const internal = await s.api.post(
        notes,
        { data: { content: 'Check the claim history first.', visibility: 'INTERNAL' } },
        { token: staff },
      );
      expect(internal.status, internal.text).toBe(201);
      expect((internal.body as { data: Json }).data).toMatchObject({
        priority: 'NORMAL',
        visibility: 'INTERNAL',
      });

      // Refused with nothing written: an agency's internal note, an unknown priority, no content.
      const refusals: [string, unknown][] = [
        ['data.visibility', { data: { content: 'Mine alone', visibility: 'INTERNAL' } }],
        ['data.priority', { data: { content: 'Urgent', priority: 'URGENT' } }],
        ['data.content', { data: { priority: 'HIGH' } }],
      ];
      for (const [field, body] of refusals) {
        const refused = await s.api.post(notes, body, { token: agency });
        expect(refused.status, refused.text).toBe(422);
        expect(Object.keys((refused.body as { errors: Json }).errors)).toEqual([field]);
      }

      const page = async (token: string) => {
        const answer = await s.api.get(`${notes}?page=1&limit=10`, { token });
        expect(answer.status, answer.text).toBe(200);
        return answer.body as { data: Json[]; meta: { page: Json; total: number } };
      };
      const seenByStaff = await page(staff);
      expect(seenByStaff.data.map((n) => n.content)).toEqual([
        'Check the claim history first.',
        'Tenant asked about flood cover',
      ]);
      expect(seenByStaff.meta.total).toBe(2);
      const seenByAgency = await page(agency);
      expect(seenByAgency.data.map((n) => n.content)).toEqual(['Tenant asked about flood cover']);
      expect(seenByAgency.meta.total).toBe(1);
      // Nor does the policy's event list tell it.
      const events = await s.api.get(`/v2/renters/policies/${sold.matterId}/events`, { token: agency });
      expect(events.text).not.toContain('claim history');
      const staffEvents = await s.api.get(`/v2/renters/policies/${sold.matterId}/events`, { token: staff });
      expect(staffEvents.text).toContain('claim history');
    });

    // SPEC §9 "payment lists use page 1, row limit 5", §3 "Payment: amount, ledger_type, status,
    // transaction_date, due_date", paged with the meta every search answers ("page (number, from, to), total").
    it('pages a renters policy’s payments, five rows unless asked', async () => {
      const entityId = await entityIdOf(s.t.server.database.db, NORTHWIND_AUSTIN);
      const sold = await issueTestRentersPolicy(s.t.server.database.db, rentersPolicyIssue({ entityId }));
      const token = await signIn(MANAGER);
      const payments = `/v2/renters/policies/${sold.matterId}/payments`;
      const read = async (query: string) => {
        const answer = await s.api.get(`${payments}${query}`, { token });
        expect(answer.status, answer.text).toBe(200);
        return answer.body as { data: Json[]; meta: { page: Json; total: number } };
      };
      // A monthly policy: the first charge, and the next bill scheduled.
      const first = await read('');
      expect(first.meta).toEqual({ page: { number: 1, limit: 5, from: 1, to: 2 }, total: 2 });
      for (const row of first.data)
        for (const key of ['amount', 'ledger_type', 'status', 'transaction_date', 'due_date'])
          expect(row, key).toHaveProperty(key);
      expect(first.data.map((p) => p.status)).toEqual(['SCHEDULED', 'SUCCEEDED']);
      const second = await read('?page=2&limit=1');
      expect(second.meta).toEqual({ page: { number: 2, limit: 1, from: 2, to: 2 }, total: 2 });
      expect(second.data).toEqual([first.data[1]]);
      const past = await read('?page=3&limit=1');
      expect(past).toMatchObject({ data: [], meta: { page: { from: 0, to: 0 }, total: 2 } });
      const refused = await s.api.get(`${payments}?limit=0`, { token });
      expect(refused.status).toBe(422);
      expect(Object.keys((refused.body as { errors: Json }).errors)).toEqual(['limit']);
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
