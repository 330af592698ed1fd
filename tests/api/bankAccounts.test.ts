import { randomInt } from 'node:crypto';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  BankAccountListResponse,
  BankAccountSearchResponse,
  BankAccountVerificationResponse,
} from '../../src/api/schemas/bankAccounts';
import { buildApp } from '../../src/server/app';
import { hasVerifiedBankAccount } from '../../src/server/domain/bankAccounts/bankAccountQueries';
import { rebuildProjections } from '../../src/server/projections';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import {
  ACCOUNTING,
  ADMIN,
  AGENT,
  LAKESIDE,
  NORTHWIND,
  NORTHWIND_AUSTIN,
  REVIEWER,
  SUMMIT,
} from '../support/personas';
import { entityIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Bank account verification (docs/payments.md "Bank account verification"): the RTP sandbox's answers, every
// attempt recorded, the latest eligible one the entity's account, and the account number nowhere but in the
// request.
const RTP_BANK = '021000021'; // a sandbox RTP participant
const OTHER_BANK = '011401533'; // a valid routing number of a bank that is no participant
const BAD_CHECK_DIGIT = '021000022';

// A 12-digit account number no other test uses, ending as asked ("0000" answers "account closed").
const accountNumber = (ending = '') => {
  const body = String(randomInt(10 ** 11, 10 ** 12));
  return body.slice(0, body.length - ending.length) + ending;
};

describe.each(testDatabases())('bank account verification on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;

  const verify = (data: Record<string, unknown>, email = ACCOUNTING) =>
    e.post('/v2/bank-accounts', email, { data });
  const request = async (entityCode: string, routing: string, account: string) => ({
    entity_id: await entityIdOf(db(), entityCode),
    routing_number: routing,
    account_number: account,
    holder_name: 'Summit Insurance LLC',
    account_type: 'checking',
  });
  const attemptsOf = async (entityId: number, email = ACCOUNTING) => {
    const response = await e.get(`/v2/entities/${entityId}/bank-accounts`, email);
    expectStatus(response, 200);
    return BankAccountListResponse.parse(response.body).data;
  };
  // Every place the number could have gone: the events (data and metadata) and the read table.
  const storedAnywhere = async (text: string) => {
    const events = await db()
      .selectFrom('events')
      .select(sql<string>`data::text || metadata::text`.as('t'))
      .where(sql<string>`data::text || metadata::text`, 'like', `%${text}%`)
      .execute();
    const rows = await db().selectFrom('entity_bank_accounts').selectAll().execute();
    return events.length + rows.filter((r) => JSON.stringify(r).includes(text)).length;
  };

  it('verifies an eligible account: the answer, the stored attempt with last four only', async () => {
    const number = accountNumber('4321');
    const entityId = await entityIdOf(db(), SUMMIT);
    const response = await verify(await request(SUMMIT, RTP_BANK, number));
    expectStatus(response, 200);
    const { data } = BankAccountVerificationResponse.parse(response.body);
    expect(data).toMatchObject({
      isRtpEligible: true,
      responseCode: '00',
      message: 'The account can receive RTP payments.',
      account: {
        entity_id: entityId,
        routing_number: RTP_BANK,
        account_last4: '4321',
        holder_name: 'Summit Insurance LLC',
        account_type: 'checking',
        verified: true,
        status: 'active',
      },
    });
    expect(Date.now() - new Date(data.account.verified_at).getTime()).toBeLessThan(60_000);
    expect(response.text).not.toContain(number);
    expect(response.text).not.toContain('fingerprint');
    expect(await storedAnywhere(number)).toBe(0);
    expect(await storedAnywhere(number.slice(0, 8))).toBe(0);

    const row = await db()
      .selectFrom('entity_bank_accounts')
      .selectAll()
      .where('id', '=', data.account.id)
      .executeTakeFirstOrThrow();
    expect(row.account_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(row.verified_by).not.toBeNull();
    expect(await hasVerifiedBankAccount(db(), entityId)).toBe(true);
  });

  it('records an account of a bank without RTP, and a closed account, as not eligible', async () => {
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const notSupported = await verify(await request(NORTHWIND_AUSTIN, OTHER_BANK, accountNumber()));
    expectStatus(notSupported, 200);
    expect(BankAccountVerificationResponse.parse(notSupported.body).data).toMatchObject({
      isRtpEligible: false,
      responseCode: '91',
      message: 'RTP not supported by the receiving bank.',
      account: { verified: false, status: 'failed' },
    });
    const closed = await verify(await request(NORTHWIND_AUSTIN, RTP_BANK, accountNumber('0000')));
    expectStatus(closed, 200);
    expect(BankAccountVerificationResponse.parse(closed.body).data).toMatchObject({
      isRtpEligible: false,
      responseCode: '14',
      message: 'The account is closed.',
      account: { account_last4: '0000', verified: false, status: 'failed' },
    });
    // Attempts are history, not a payout account.
    expect(await attemptsOf(entityId)).toHaveLength(2);
    expect(await hasVerifiedBankAccount(db(), entityId)).toBe(false);
  });

  it('refuses a wrong check digit and bad fields with 422 before anything is asked or stored', async () => {
    const entityId = await entityIdOf(db(), NORTHWIND);
    const before = await attemptsOf(entityId);
    const number = accountNumber();
    const bad = await verify(await request(NORTHWIND, BAD_CHECK_DIGIT, number));
    const body = expectValidationError(bad, ['data.routing_number']);
    expect(Object.keys(body.errors)).toEqual(['data.routing_number']);
    expect(bad.text).not.toContain(number);

    expectValidationError(await verify(await request(NORTHWIND, RTP_BANK, '123')), ['data.account_number']);
    expectValidationError(await verify(await request(NORTHWIND, RTP_BANK, '1'.repeat(18))), [
      'data.account_number',
    ]);
    expectValidationError(await verify(await request(NORTHWIND, '12345678', number)), [
      'data.routing_number',
    ]);
    expectValidationError(
      await verify({
        ...(await request(NORTHWIND, RTP_BANK, number)),
        holder_name: ' ',
        account_type: 'loan',
      }),
      ['data.holder_name', 'data.account_type'],
    );
    expectValidationError(
      await verify({ ...(await request(NORTHWIND, RTP_BANK, number)), entity_id: 999_999 }),
      ['data.entity_id'],
    );
    expectValidationError(await verify({ ...(await request(NORTHWIND, RTP_BANK, number)), iban: 'x' }), [
      'data.iban',
    ]);

    expect(await attemptsOf(entityId)).toEqual(before);
    expect(await storedAnywhere(number)).toBe(0);
    expect(await hasVerifiedBankAccount(db(), entityId)).toBe(false);
  });

  it('keeps the history newest first; a new eligible account replaces the active one', async () => {
    const entityId = await entityIdOf(db(), LAKESIDE);
    const first = await verify(await request(LAKESIDE, RTP_BANK, accountNumber('1111')));
    expectStatus(first, 200);
    expectStatus(await verify(await request(LAKESIDE, OTHER_BANK, accountNumber('2222'))), 200);
    const second = await verify({
      ...(await request(LAKESIDE, '026009593', accountNumber('3333'))),
      account_type: 'savings',
    });
    expectStatus(second, 200);

    const attempts = await attemptsOf(entityId);
    expect(attempts.map((a) => [a.account_last4, a.status])).toEqual([
      ['3333', 'active'],
      ['2222', 'failed'],
      ['1111', 'replaced'],
    ]);
    expect(attempts[0]!.account_type).toBe('savings');
    expect(await hasVerifiedBankAccount(db(), entityId)).toBe(true);

    // The screen's list: verified accounts of the entity, last four only.
    const list = await e.get(
      `/v2/bank-accounts?filter[entityCode]=${LAKESIDE}&filter[verified]=true`,
      ACCOUNTING,
    );
    expectStatus(list, 200);
    const page = BankAccountSearchResponse.parse(list.body);
    expect(page.data.map((r) => [r.entity_code, r.account_last4, r.status])).toEqual([
      [LAKESIDE, '3333', 'active'],
      [LAKESIDE, '1111', 'replaced'],
    ]);
    expect(page.meta.total).toBe(2);
    const notVerified = await e.get(
      `/v2/bank-accounts?filter[entityCode]=2345-6789&filter[verified]=false`,
      ACCOUNTING,
    );
    expect(BankAccountSearchResponse.parse(notVerified.body).data.map((r) => r.account_last4)).toEqual([
      '2222',
    ]);
    expectValidationError(await e.get('/v2/bank-accounts?filter[verified]=yes', ACCOUNTING), [
      'filter.verified',
    ]);
    expectValidationError(await e.get('/v2/bank-accounts?filter[entityCode]=%25', ACCOUNTING), [
      'filter.entityCode',
    ]);

    // The read table is the log's.
    await rebuildProjections(db());
    expect(await attemptsOf(entityId)).toEqual(attempts);
  });

  it('needs verify_bank_account, and keeps agency users to their own entities', async () => {
    const data = await request(SUMMIT, RTP_BANK, accountNumber());
    const summitId = data.entity_id;
    for (const email of [REVIEWER, AGENT]) {
      expectError(await verify(data, email), 403);
      expectError(await e.get(`/v2/entities/${summitId}/bank-accounts`, email), 403);
      expectError(await e.get('/v2/bank-accounts', email), 403);
    }
    // Root admin passes every check.
    expectStatus(await verify(data, ADMIN), 200);
    expectStatus(await e.get(`/v2/entities/${summitId}/bank-accounts`, ADMIN), 200);

    // An agency user holding the privilege: its own entity only; another agency is as unknown.
    const agencyUser = await userWith(db(), {
      entityCode: NORTHWIND,
      userType: 'external',
      privilegeCodes: ['verify_bank_account'],
    });
    expectStatus(await verify(await request(NORTHWIND_AUSTIN, OTHER_BANK, accountNumber()), agencyUser), 200);
    expectValidationError(await verify(data, agencyUser), ['data.entity_id']);
    expectError(await e.get(`/v2/entities/${summitId}/bank-accounts`, agencyUser), 404);
    const seen = BankAccountSearchResponse.parse(
      (await e.get('/v2/bank-accounts?limit=100', agencyUser)).body,
    );
    expect(seen.data.length).toBeGreaterThan(0);
    expect(seen.data.every((r) => r.entity_code.startsWith('1234-'))).toBe(true);

    expectError(await e.get('/v2/entities/999999/bank-accounts', ACCOUNTING), 404);
    expectValidationError(await e.get('/v2/entities/abc/bank-accounts', ACCOUNTING), ['entityId']);
  });

  it('writes no log line with the account number', async () => {
    const lines: string[] = [];
    const { app } = await buildApp({
      config: s.t.config,
      db: db(),
      distDir: process.env.E2E_DIST_DIR ?? resolve(import.meta.dirname, '../../dist'),
      logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const token = await e.tokenOf(ACCOUNTING);
      const number = accountNumber();
      for (const routing of [RTP_BANK, BAD_CHECK_DIGIT]) {
        const response = await app.inject({
          method: 'POST',
          url: '/v2/bank-accounts',
          headers: { authorization: `Bearer ${token}` },
          payload: { data: await request(SUMMIT, routing, number) },
        });
        expect([200, 422]).toContain(response.statusCode);
      }
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.filter((line) => line.includes(number))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
