import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCOUNTING, NORTHWIND, SUMMIT } from '../../support/personas';
import { entityIdOf } from '../../support/records';
import { useTestServer } from '../../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../../support/testServer';

// SPEC §7 "POST /v2/bank-accounts: routingNumber, accountNumber; answer is the eligibility result", §3 "Bank
// account request: account_number, routing_number (wire), routingNumber and accountNumber (screen).
// Eligibility result: isRtpEligible, responseCode, message". The agency is the one the acting-agency header
// (agententitycode) names. A client written from those lines alone, reading answers by SPEC's names.
const RTP_BANK = '021000021';
const BAD_CHECK_DIGIT = '021000022';
const accountNumber = () => String(randomInt(10 ** 11, 10 ** 12));

describe.each(testDatabases())(
  'SPEC §7 POST /v2/bank-accounts, as a SPEC client calls it, on %s',
  (database) => {
    const s = useTestServer(database);
    const db = () => s.t.server.database.db;

    const signIn = async () => {
      const login = await s.api.post('/v2/auth', { email: ACCOUNTING, password: DEMO_PASSWORD });
      expect(login.status).toBe(200);
      return (login.body as { accessToken: string }).accessToken;
    };
    const historyOf = async (token: string, entityCode: string) => {
      const id = await entityIdOf(db(), entityCode);
      const response = await s.api.get(`/v2/entities/${id}/bank-accounts`, { token });
      expect(response.status).toBe(200);
      return (response.body as { data: { account_last4: string; holder_name: string }[] }).data;
    };

    it('verifies {routingNumber, accountNumber} for the acting agency and answers the eligibility result', async () => {
      const token = await signIn();
      const number = accountNumber();
      const response = await s.api.post(
        '/v2/bank-accounts',
        { routingNumber: RTP_BANK, accountNumber: number },
        { token, actingFor: SUMMIT },
      );
      expect(response.status, response.text).toBe(200);
      const result = (response.body as { data: Record<string, unknown> }).data;
      expect(result).toMatchObject({ isRtpEligible: true, responseCode: expect.any(String) });
      expect(typeof result.message).toBe('string');
      expect(response.text).not.toContain(number);
      const [latest] = await historyOf(token, SUMMIT);
      expect(latest).toMatchObject({ account_last4: number.slice(-4), holder_name: expect.any(String) });
    });

    it('verifies the wire shape {routing_number, account_number} alike', async () => {
      const token = await signIn();
      const number = accountNumber();
      const response = await s.api.post(
        '/v2/bank-accounts',
        { routing_number: RTP_BANK, account_number: number },
        { token, actingFor: NORTHWIND },
      );
      expect(response.status, response.text).toBe(200);
      expect((response.body as { data: { isRtpEligible: boolean } }).data.isRtpEligible).toBe(true);
      expect((await historyOf(token, NORTHWIND))[0]!.account_last4).toBe(number.slice(-4));
    });

    it('names the fields as the client wrote them when it refuses, storing nothing', async () => {
      const token = await signIn();
      const before = await historyOf(token, NORTHWIND);
      const post = (body: unknown) => s.api.post('/v2/bank-accounts', body, { token, actingFor: NORTHWIND });
      const errorsOf = async (body: unknown) => {
        const response = await post(body);
        expect(response.status, response.text).toBe(422);
        return Object.keys((response.body as { errors: Record<string, string[]> }).errors).sort();
      };
      expect(await errorsOf({ routingNumber: BAD_CHECK_DIGIT, accountNumber: accountNumber() })).toEqual([
        'routingNumber',
      ]);
      expect(await errorsOf({ routingNumber: RTP_BANK })).toEqual(['accountNumber']);
      expect(await errorsOf({ routing_number: BAD_CHECK_DIGIT, account_number: accountNumber() })).toEqual([
        'routing_number',
      ]);
      expect(await errorsOf({ routing_number: '12', account_number: '1' })).toEqual([
        'account_number',
        'routing_number',
      ]);
      expect(await historyOf(token, NORTHWIND)).toEqual(before);
    });
  },
);
