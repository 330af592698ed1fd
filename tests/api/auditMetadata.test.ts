import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { AGENT_ENTITY_HEADER } from '../../src/api/version';
import { z } from 'zod';
import { adminApi } from '../support/accessAdmin';
import { statementApi } from '../support/commissionStatementApi';
import { entityApi, expectStatus } from '../support/entityApi';
import { ACCOUNTING, ADMIN, AGENT, LAKESIDE, MANAGER, NORTHWIND_AUSTIN, REVIEWER } from '../support/personas';
import { centralToday, purchasePolicies } from '../support/policyFixtures';
import { entityIdOf } from '../support/records';
import { rentersQuoteApi } from '../support/rentersQuoteApi';
import { useTestServer } from '../support/suite';
import { commitPetCancel } from '../support/previewedCommits';
import { testDatabases } from '../support/testServer';

// Every event records the real user and the entity they acted for (docs/security.md "Audit"): a broad run of
// commands by staff and agents, some acting for another agency, then a sweep of every event they appended.
// Each request the test sends gets a request id of its own, and the test remembers whose token and which
// acting entity went with it; every event must name a request of the test, and that request's user and
// entity. The requests are tracked below the helpers (at fetch), so a helper cannot slip one past.
const Metadata = z.object({
  userId: z.number().nullable(),
  entityId: z.number().nullable(),
  requestId: z.string().nullable(),
});

interface SentRequest {
  userId: number | null;
  actingFor: string | null;
}

function userIdOfToken(authorization: string | null): number | null {
  const token = authorization?.replace(/^Bearer /i, '');
  if (!token) return null;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
    sub: string;
  };
  return Number(claims.sub);
}

// Stamps a request id on every request to the server and keeps who sent it, for as long as it runs.
function trackRequests(serverUrl: string) {
  const sent = new Map<string, SentRequest>();
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(serverUrl)) return original(input, init);
    const headers = new Headers(init?.headers);
    const requestId = `audit-${randomUUID()}`;
    headers.set('x-request-id', requestId);
    sent.set(requestId, {
      userId: userIdOfToken(headers.get('authorization')),
      actingFor: headers.get(AGENT_ENTITY_HEADER),
    });
    return original(input, { ...init, headers });
  };
  return { sent, stop: () => void (globalThis.fetch = original) };
}

describe.each(testDatabases())('the user and acting entity of every event on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const a = adminApi(() => s.api);
  const st = statementApi(e, () => s.t);
  const r = rentersQuoteApi(e);
  const db = () => s.t.server.database.db;
  let stop = () => undefined as void;
  afterEach(() => stop());

  it('names the real user and the entity acted for on every event appended by a request', async () => {
    const tracked = trackRequests(s.t.url);
    stop = tracked.stop;
    const mark = await db()
      .selectFrom('events')
      .select((eb) => eb.fn.max('position').as('max'))
      .executeTakeFirstOrThrow();
    const profile = (firstName: string) => ({
      firstName,
      lastName: 'Audited',
      phone: '5125550100',
      ext: '7',
    });

    // The root administrator for the house: a new agency with its commission rules and head office, a user.
    const agency = await st.newAgency({ hqState: 'TX' });
    await a.createUser(await a.tokenOf(ADMIN), { entity: LAKESIDE });
    // The root administrator acting for another agency, and a manager acting for a child agency.
    expectStatus(await e.patch('/v2/my/profile', ADMIN, profile('Ada'), { actingFor: LAKESIDE }), 200);
    expectStatus(
      await e.patch('/v2/my/profile', MANAGER, profile('Morgan'), { actingFor: NORTHWIND_AUSTIN }),
      200,
    );
    await purchasePolicies(s.t, { email: MANAGER, actingFor: NORTHWIND_AUSTIN, petNames: ['Biscuit'] });
    // The house's internal agent selling for the new agency; the agency's statement comes from this sale.
    await st.sellPets(agency, ['Pepper', 'Mochi']);
    // An agent for their own agency: a pet policy bought and cancelled, a renters policy bought.
    const [policy] = (await purchasePolicies(s.t, { email: AGENT })).policies;
    const cancelDate = new Date(Date.parse(`${centralToday()}T00:00:00Z`) + 5 * 86_400_000);
    expectStatus(
      await commitPetCancel(e, policy!.matterId, AGENT, {
        cancelDate: cancelDate.toISOString().slice(0, 10),
        reason: 'CUSTOMER_REQUEST',
      }),
      200,
    );
    const review = await r.toReview();
    await r.step(`/v2/renters/quotes/${review.id}/purchase`, {
      request_id: randomUUID(),
      terms_accepted: true,
      total: review.premium!.total,
    });
    // Staff: statements generated, an override and the approval by the reviewer, the bank account verified
    // and the statement paid by accounting.
    await st.generate();
    const statement = await st.statementOf(agency);
    expectStatus(
      await e.post(st.path(agency.id, statement.id, '/overrides'), REVIEWER, {
        data: { amount: 5, type_code: 'CONTEST', note: 'Audited' },
      }),
      201,
    );
    await st.commandOk(statement, 'approve', REVIEWER);
    await st.verifyBankAccount(agency.id);
    await st.commandOk(statement, 'mark-paid', ACCOUNTING);
    tracked.stop();

    const events = await db()
      .selectFrom('events')
      .select(['position', 'stream_type', 'type', 'metadata'])
      .where('position', '>', String(mark.max ?? 0))
      .orderBy('position')
      .execute();
    const ownEntity = new Map(
      (await db().selectFrom('users').select(['id', 'entity_id']).execute()).map((u) => [u.id, u.entity_id]),
    );
    const entityOfCode = new Map<string, number>();
    for (const request of tracked.sent.values()) {
      if (request.actingFor && !entityOfCode.has(request.actingFor))
        entityOfCode.set(request.actingFor, await entityIdOf(db(), request.actingFor));
    }
    const wrong = events.flatMap((event) => {
      const metadata = Metadata.parse(event.metadata);
      const request = metadata.requestId === null ? undefined : tracked.sent.get(metadata.requestId);
      const where = `${event.position} ${event.type}`;
      if (!request) return [`${where}: request ${metadata.requestId} is none this test sent`];
      if (request.userId === null) return [`${where}: appended by a request without a session`];
      const expected = {
        userId: request.userId,
        entityId: request.actingFor ? entityOfCode.get(request.actingFor) : ownEntity.get(request.userId),
      };
      const recorded = { userId: metadata.userId, entityId: metadata.entityId };
      return JSON.stringify(recorded) === JSON.stringify(expected)
        ? []
        : [`${where}: recorded ${JSON.stringify(recorded)}, sent by ${JSON.stringify(expected)}`];
    });
    expect(wrong).toEqual([]);

    // The sweep covered what it should: every kind of record the commands touch, and events of users
    // acting for an entity other than their own.
    expect(new Set(events.map((event) => event.stream_type))).toEqual(
      new Set([
        'entity',
        'commission_rule',
        'user',
        'quote',
        'customer',
        'policy',
        'renters_quote',
        'renters_payment_account',
        'renters_policy',
        'commission_statement',
        'bank_account',
        'billing',
      ]),
    );
    const acting = events.filter((event) => {
      const { userId, entityId } = Metadata.parse(event.metadata);
      return userId !== null && ownEntity.get(userId) !== entityId;
    });
    expect(new Set(acting.map((event) => event.stream_type))).toEqual(
      new Set(['user', 'quote', 'customer', 'policy', 'billing']),
    );
  }, 300_000);
});
