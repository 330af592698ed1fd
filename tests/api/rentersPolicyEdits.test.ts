import { describe, expect, it } from 'vitest';
import { PolicyDocumentsResponse } from '../../src/api/schemas/policyMatters';
import { RentersNotesPage } from '../../src/api/schemas/rentersNotes';
import {
  RentersPaymentsResponse,
  RentersPolicyEventsResponse,
  RentersPolicyRecordResponse,
  type RentersPolicyRecord,
} from '../../src/api/schemas/rentersPolicyRecord';
import { readStream } from '../../src/server/store/eventStore';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectError, expectValidationError, type ApiResponse } from '../support/http';
import {
  AGENT,
  INTERNAL,
  LAKESIDE,
  LAKESIDE_MANAGER,
  MANAGER,
  NORTHWIND_AUSTIN,
  REPORTS,
} from '../support/personas';
import { entityIdOf } from '../support/records';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// The edits of the renters policy edit screen: each one event on the policy's stream, each behind
// renters_policy_ax and its own privilege, each answering the fresh record; and the screen's tabs.
describe.each(testDatabases())('renters policy edits on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const issue = async (entityCode = NORTHWIND_AUSTIN) =>
    issueTestRentersPolicy(db(), rentersPolicyIssue({ entityId: await entityIdOf(db(), entityCode) }));
  const base = (matterId: number) => `/v2/renters/policies/${matterId}`;
  const post = (matterId: number, what: string, data: unknown, email = INTERNAL) =>
    e.post(`${base(matterId)}/${what}`, email, { data });
  const del = (matterId: number, data: unknown, email = INTERNAL) =>
    e.del(`${base(matterId)}/additional-insureds`, email, { body: { data } });
  const recordOf = (response: ApiResponse, status = 200): RentersPolicyRecord => {
    expectStatus(response, status);
    return RentersPolicyRecordResponse.parse(response.body).data;
  };
  const version = async (policyNumber: string) =>
    (
      await db()
        .transaction()
        .execute((trx) => readStream(trx, 'renters_policy', policyNumber))
    ).length;
  const address = {
    address_type: 'MAILING',
    line_1: ' 500 Lamar Blvd ',
    line_2: '',
    city: 'Austin',
    state_code: 'tx',
    zip_code: '78703',
  };

  it('changes the primary contact; the search shows the new phone', async () => {
    const p = await issue();
    const r = recordOf(
      await post(
        p.matterId,
        'contacts',
        { number_type: 'WORK', number: '(512) 555-0142', extension: '77', additional_info: ' After 5 PM ' },
        MANAGER,
      ),
    );
    expect(r.policyholder.primaryContact).toEqual({
      typeCode: 'PRIMARY',
      numberType: 'WORK',
      number: '5125550142',
      extension: '77',
      additionalInfo: 'After 5 PM',
    });
    // The issue and its declarations page, then the contact (which the declarations page does not show).
    expect(r.policyVersion).toBe(3);
    const search = await e.get(`/v2/renters/policies?filter[policy_number]=${p.policyNumber}`, INTERNAL);
    expectStatus(search, 200);
    expect((search.body as { data: { phone_number: string }[] }).data[0]!.phone_number).toBe('5125550142');
    // An empty extension is null.
    const again = recordOf(await post(p.matterId, 'contacts', { number: '5125550143', extension: '' }));
    expect(again.policyholder.primaryContact).toMatchObject({
      numberType: 'MOBILE',
      extension: null,
      additionalInfo: null,
    });
  });

  it('changes the mailing address as unconfirmed, and property and interested party with their privileges', async () => {
    const p = await issue();
    const mailed = recordOf(await post(p.matterId, 'addresses', address, MANAGER));
    expect(mailed.policyholder.mailingAddress).toEqual({
      typeCode: 'MAILING',
      line1: '500 Lamar Blvd',
      line2: null,
      city: 'Austin',
      stateCode: 'TX',
      zipCode: '78703',
    });
    expect(mailed.hasUnconfirmedAddress).toBe(true);

    // The manager lacks renters_proprty_edit and renters_intparty_add: 403, nothing written.
    const property = { ...address, address_type: 'PROPERTY', city: 'Round Rock', zip_code: '78664' };
    const party = { ...address, address_type: 'INTPARTY', name: 'Lamar Lofts LLC' };
    const before = await version(p.policyNumber);
    expectError(await post(p.matterId, 'addresses', property, MANAGER), 403);
    expectError(await post(p.matterId, 'addresses', party, MANAGER), 403);
    expect(await version(p.policyNumber)).toBe(before);

    const moved = recordOf(await post(p.matterId, 'addresses', property));
    expect(moved.property.address).toMatchObject({
      line1: '500 Lamar Blvd',
      city: 'Round Rock',
      zipCode: '78664',
    });
    const named = recordOf(await post(p.matterId, 'addresses', party));
    expect(named.property).toMatchObject({
      interestedPartyName: 'Lamar Lofts LLC',
      interestedPartyAddress: { typeCode: 'INTPARTY', line1: '500 Lamar Blvd' },
    });
    // The search row's city is the property's.
    const search = await e.get(`/v2/renters/policies?filter[policy_number]=${p.policyNumber}`, INTERNAL);
    expect((search.body as { data: { city: string }[] }).data[0]!.city).toBe('Round Rock');
  });

  // An address staff entered is unconfirmed until staff confirm it with the policyholder; confirming takes
  // the privilege of changing that address, and only an unconfirmed address is confirmed.
  it('confirms an unconfirmed address with the privilege of changing it, once', async () => {
    const p = await issue();
    const confirm = (data: unknown, email = INTERNAL) => post(p.matterId, 'addresses/confirm', data, email);
    expect(
      recordOf(await e.get(`/v2/renters/customers/${p.customerId}/policies/${p.matterId}`, INTERNAL)),
    ).toMatchObject({ hasUnconfirmedAddress: false, unconfirmedAddresses: [] });
    expectError(await confirm({ address_type: 'MAILING' }), 409);

    recordOf(await post(p.matterId, 'addresses', address, MANAGER));
    const property = { ...address, address_type: 'PROPERTY', city: 'Round Rock', zip_code: '78664' };
    const moved = recordOf(await post(p.matterId, 'addresses', property));
    expect(moved).toMatchObject({
      hasUnconfirmedAddress: true,
      unconfirmedAddresses: ['MAILING', 'PROPERTY'],
    });

    // The manager may change the mailing address only: the property's confirmation is refused, nothing written.
    const before = await version(p.policyNumber);
    expectError(await confirm({ address_type: 'PROPERTY' }, MANAGER), 403);
    for (const email of [AGENT, REPORTS]) expectError(await confirm({ address_type: 'MAILING' }, email), 403);
    expectValidationError(await confirm({ address_type: 'HOME' }), ['data.address_type']);
    expectError(await confirm({ address_type: 'MAILING', policy_version: 1 }), 409);
    expect(await version(p.policyNumber)).toBe(before);

    const mailed = recordOf(await confirm({ address_type: 'MAILING', policy_version: before }, MANAGER));
    expect(mailed).toMatchObject({ hasUnconfirmedAddress: true, unconfirmedAddresses: ['PROPERTY'] });
    expect(mailed.policyholder.mailingAddress.line1).toBe('500 Lamar Blvd');
    const done = recordOf(await confirm({ address_type: 'PROPERTY' }));
    expect(done).toMatchObject({ hasUnconfirmedAddress: false, unconfirmedAddresses: [] });
    // A second confirmation is refused with the reason, and the log keeps one of each.
    const again = await confirm({ address_type: 'PROPERTY' });
    expectError(again, 409);
    expect(again.text).toContain('The property address is not waiting for confirmation.');
    const events = RentersPolicyEventsResponse.parse(
      (await e.get(`${base(p.matterId)}/events`, INTERNAL)).body,
    )
      .data.filter((event) => event.type === 'renters.addressConfirmed')
      .sort((a, b) => a.version - b.version);
    expect(events.map((event) => event.changes)).toEqual([
      { addressType: 'MAILING' },
      { addressType: 'PROPERTY' },
    ]);

    // Another agency's policy does not exist for a Northwind manager.
    const lakeside = await issue(LAKESIDE);
    expectError(
      await post(lakeside.matterId, 'addresses/confirm', { address_type: 'MAILING' }, MANAGER),
      404,
    );
  });

  it('refuses bad input with field messages and changes nothing', async () => {
    const p = await issue();
    const before = await version(p.policyNumber);
    expectValidationError(await post(p.matterId, 'contacts', { number: '12345' }), ['data.number']);
    expectValidationError(await post(p.matterId, 'contacts', { number: '5125550100', number_type: 'FAX' }), [
      'data.number_type',
    ]);
    expectValidationError(
      await post(p.matterId, 'addresses', { ...address, line_1: ' ', zip_code: '7870' }),
      ['data.line_1', 'data.zip_code'],
    );
    expectValidationError(await post(p.matterId, 'addresses', { ...address, address_type: 'INTPARTY' }), [
      'data.name',
    ]);
    const other = expectValidationError(
      await post(p.matterId, 'addresses', {
        ...address,
        address_type: 'PROPERTY',
        state_code: 'CA',
        zip_code: '90001',
      }),
      ['data.state_code'],
    );
    expect(other.errors['data.state_code']![0]).toContain('TX');
    expectValidationError(await post(p.matterId, 'additional-insureds', { name_first: '', email: 'nope' }), [
      'data.name_first',
      'data.name_last',
      'data.email',
    ]);
    expectValidationError(await post(p.matterId, 'notes', { note: '  ' }), ['data.note']);
    expectValidationError(await del(p.matterId, { id: 'x' }), ['data.id']);
    expect(await version(p.policyNumber)).toBe(before);
  });

  it('adds and deletes additional insureds: at most five, unknown id 404', async () => {
    const p = await issue();
    const added = recordOf(
      await post(
        p.matterId,
        'additional-insureds',
        { name_first: ' Sam ', name_last: 'Roommate', email: 'Sam@Example.test', phone: '512-555-0188' },
        MANAGER,
      ),
      201,
    );
    expect(added.additionalInsureds).toEqual([
      {
        id: 1,
        firstName: 'Sam',
        lastName: 'Roommate',
        email: 'sam@example.test',
        phone: '5125550188',
      },
    ]);
    const id = added.additionalInsureds[0]!.id;
    for (let i = 2; i <= 5; i += 1)
      recordOf(
        await post(p.matterId, 'additional-insureds', { name_first: `N${i}`, name_last: 'Extra' }),
        201,
      );
    const before = await version(p.policyNumber);
    expectValidationError(
      await post(p.matterId, 'additional-insureds', { name_first: 'Six', name_last: 'X' }),
      ['data'],
    );
    expect(await version(p.policyNumber)).toBe(before);

    const removed = recordOf(await del(p.matterId, { id }, MANAGER));
    expect(removed.additionalInsureds.map((i) => i.id)).not.toContain(id);
    expect(removed.additionalInsureds).toHaveLength(4);
    expectError(await del(p.matterId, { id }), 404);
    // The removal and the changed declarations it made.
    expect(await version(p.policyNumber)).toBe(before + 2);
    // Numbers are never reused: the next one added is the sixth; SPEC's bare id number removes it too.
    const sixth = recordOf(
      await post(p.matterId, 'additional-insureds', { name_first: 'Six', name_last: 'Again' }),
      201,
    );
    expect(sixth.additionalInsureds.map((i) => i.id)).toEqual([2, 3, 4, 5, 6]);
    const bare = await e.del(`${base(p.matterId)}/additional-insureds`, INTERNAL, { body: 6 });
    expect(recordOf(bare).additionalInsureds.map((i) => i.id)).toEqual([2, 3, 4, 5]);
    expectValidationError(await e.del(`${base(p.matterId)}/additional-insureds`, INTERNAL, { body: 'x' }), [
      '_',
    ]);
  });

  it('refuses a stale policy_version with 409 and accepts the current one', async () => {
    const p = await issue();
    recordOf(await post(p.matterId, 'contacts', { number: '5125550101', policy_version: 2 }));
    const before = await version(p.policyNumber);
    expectError(await post(p.matterId, 'contacts', { number: '5125550102', policy_version: 1 }), 409);
    expectError(await post(p.matterId, 'addresses', { ...address, policy_version: 1 }), 409);
    expect(await version(p.policyNumber)).toBe(before);
    recordOf(await post(p.matterId, 'addresses', { ...address, policy_version: before }));
  });

  it('checks privileges and scope on every edit', async () => {
    const p = await issue();
    const lakeside = await issue(LAKESIDE);
    const insured = { name_first: 'Al', name_last: 'Pha' };
    for (const email of [AGENT, REPORTS]) {
      expectError(await post(p.matterId, 'contacts', { number: '5125550100' }, email), 403);
      expectError(await post(p.matterId, 'addresses', address, email), 403);
      expectError(await post(p.matterId, 'additional-insureds', insured, email), 403);
      expectError(await del(p.matterId, { id: crypto.randomUUID() }, email), 403);
      expectError(await post(p.matterId, 'notes', { note: 'x' }, email), 403);
      expectError(await e.get(`${base(p.matterId)}/events`, email), 403);
      expectError(await e.get(`/v2/renters/downloadReceipt?policyNumber=${p.policyNumber}`, email), 403);
    }
    // A Lakeside policy does not exist for a Northwind manager.
    expectError(await post(lakeside.matterId, 'contacts', { number: '5125550100' }, MANAGER), 404);
    expectError(await post(lakeside.matterId, 'addresses', address, MANAGER), 404);
    expectError(await post(lakeside.matterId, 'additional-insureds', insured, MANAGER), 404);
    expectError(await post(lakeside.matterId, 'notes', { note: 'x' }, MANAGER), 404);
    expectError(await e.get(`${base(lakeside.matterId)}/notes`, MANAGER), 404);
    expectError(await e.get(`${base(lakeside.matterId)}/payments`, MANAGER), 404);
    expectError(
      await e.get(`/v2/renters/downloadReceipt?policyNumber=${lakeside.policyNumber}`, MANAGER),
      404,
    );
    expect(await version(lakeside.policyNumber)).toBe(2);
  });

  it('keeps notes, lists payments and documents, downloads the receipt and shows the edits as events', async () => {
    const p = await issue();
    const note = await post(p.matterId, 'notes', { note: ' Called about the lease ' }, MANAGER);
    expectStatus(note, 201);
    const notes = RentersNotesPage.parse((await e.get(`${base(p.matterId)}/notes`, MANAGER)).body);
    expect(notes.data.map((n) => n.content)).toEqual(['Called about the lease']);
    expect(notes.data[0]!.created_by?.name).toBeTruthy();
    recordOf(await post(p.matterId, 'addresses', address, MANAGER));

    const payments = RentersPaymentsResponse.parse(
      (await e.get(`${base(p.matterId)}/payments`, MANAGER)).body,
    );
    expect(payments.data.map((x) => [x.ledger_type, x.status])).toEqual([
      ['CHARGE', 'SCHEDULED'],
      ['CHARGE', 'SUCCEEDED'],
    ]);
    // The declarations page made at issue, and the changed declarations the mailing address brought, newest
    // first; each downloads as the PDF stored when it was made, only inside the caller's scope.
    const documents = PolicyDocumentsResponse.parse(
      (await e.get(`${base(p.matterId)}/documents`, MANAGER)).body,
    );
    expect(documents.data.map((d) => [d.type, d.name])).toEqual([
      ['DECLARATION', `changed-declarations-${p.policyNumber}-v4.pdf`],
      ['DECLARATION', `declarations-${p.policyNumber}-v1.pdf`],
    ]);
    const declarations = await e.get(`${base(p.matterId)}/documents/${documents.data[0]!.id}`, MANAGER);
    expectStatus(declarations, 200);
    expect(declarations.headers.get('content-type')).toBe('application/pdf');
    expect(declarations.text.startsWith('%PDF')).toBe(true);
    expectError(await e.get(`${base(p.matterId)}/documents/${documents.data[0]!.id}`, LAKESIDE_MANAGER), 404);

    const receipt = await e.get(`/v2/renters/downloadReceipt?policyNumber=${p.policyNumber}`, MANAGER);
    expectStatus(receipt, 200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    expect(receipt.text.startsWith('%PDF')).toBe(true);
    expectValidationError(await e.get('/v2/renters/downloadReceipt?policyNumber=PET-TX-1', MANAGER), [
      'policyNumber',
    ]);

    const events = RentersPolicyEventsResponse.parse(
      (await e.get(`${base(p.matterId)}/events`, MANAGER)).body,
    );
    expect(events.data.map((x) => x.label)).toEqual([
      'Document generated',
      'Mailing address changed',
      'Note added',
      'Document generated',
      'Policy issued',
    ]);
    expect(events.data[1]!.actor?.name).toBeTruthy();
    expect(events.data[1]!.changes).toMatchObject({ addressType: 'MAILING', confirmed: false });
    // The issue row carries no payment details.
    expect(JSON.stringify(events.data.at(-1)!.changes)).not.toContain('chargeId');
  });
});
