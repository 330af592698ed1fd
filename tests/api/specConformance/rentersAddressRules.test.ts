import { describe, expect, it } from 'vitest';
import { entityApi } from '../../support/entityApi';
import { AGENT, INTERNAL } from '../../support/personas';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../../support/rentersPolicyFixtures';
import { entityIdOf } from '../../support/records';
import {
  rentersCoverage,
  rentersCustomer,
  rentersQuoteApi,
  rentersStart,
} from '../../support/rentersQuoteApi';
import { NORTHWIND_AUSTIN } from '../../support/personas';
import { useTestServer } from '../../support/suite';
import { testDatabases } from '../../support/testServer';

// Every renters address is checked as the property address is (docs/renters-quotes.md): a real state, and a
// ZIP of that state, whether sent as SPEC §3's address model or its block. Refused with 422 on the field as
// sent, nothing written.
type Json = Record<string, unknown>;

describe.each(testDatabases())('renters addresses are checked alike on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const r = rentersQuoteApi(e);
  const db = () => s.t.server.database.db;

  const refused = async (path: string, body: unknown, email = AGENT) => {
    const response = await e.post(path, email, body);
    expect(response.status, response.text).toBe(422);
    return (response.body as { errors: Record<string, string[]> }).errors;
  };
  const mailing = (address: Json) => ({
    ...rentersCustomer,
    customer: { ...rentersCustomer.customer, mailing_address: address },
  });

  it('refuses a made-up state or a ZIP of another state in the mailing address and the interested party', async () => {
    const quote = await r.start();
    const base = `/v2/renters/quotes/${quote.id}`;
    await r.step(`${base}/coverage`, rentersCoverage);
    const address = { line_1: 'PO Box 1', line_2: null, city: 'Austin', state: 'TX', zip_code: '78767' };
    expect(await refused(`${base}/customer`, mailing({ ...address, state: 'XX' }))).toEqual({
      'customer.mailing_address.state': ['XX is not a US state.'],
    });
    expect(await refused(`${base}/customer`, mailing({ ...address, zip_code: '10001' }))).toEqual({
      'customer.mailing_address.zip_code': ['10001 is not a TX zip code.'],
    });
    const block = {
      loc_type: 'MAILING',
      address_1: 'PO Box 1',
      city: 'Austin',
      state_code: 'TX',
      zip: '60601',
    };
    expect(await refused(`${base}/customer`, mailing(block))).toEqual({
      'customer.mailing_address.zip': ['60601 is not a TX zip code.'],
    });
    expect((await r.view(quote.id)).step).toBe('customer');

    const start = rentersStart();
    expect(
      await refused('/v2/renters/quotes', {
        ...start,
        interested_party: { ...start.interested_party, state: 'ZZ' },
      }),
    ).toEqual({ 'interested_party.state': ['ZZ is not a US state.'] });
  });

  it('refuses the same on a policy’s address edit, changing nothing', async () => {
    const issued = await issueTestRentersPolicy(
      db(),
      rentersPolicyIssue({ entityId: await entityIdOf(db(), NORTHWIND_AUSTIN) }),
    );
    const path = `/v2/renters/policies/${issued.matterId}/addresses`;
    const before = await e.get(`/v2/renters/policies/${issued.matterId}`, INTERNAL);
    const data = {
      address_type: 'MAILING',
      line_1: '1 Main',
      city: 'Austin',
      state_code: 'XX',
      zip_code: '78701',
    };
    expect(await refused(path, { data }, INTERNAL)).toEqual({ 'data.state_code': ['XX is not a US state.'] });
    expect(await refused(path, { data: { ...data, state_code: 'TX', zip_code: '94105' } }, INTERNAL)).toEqual(
      {
        'data.zip_code': ['94105 is not a TX zip code.'],
      },
    );
    expect((await e.get(`/v2/renters/policies/${issued.matterId}`, INTERNAL)).body).toEqual(before.body);
  });
});
