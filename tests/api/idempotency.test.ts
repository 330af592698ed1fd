import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CancelResponse } from '../../src/api/schemas/policies';
import type { Statement } from '../../src/api/schemas/commissionStatements';
import { MESSAGES } from '../../src/server/http/idempotency';
import { statementApi, type Agency } from '../support/commissionStatementApi';
import { entityApi, expectStatus } from '../support/entityApi';
import { apiFor, expectError, expectValidationError, type ApiResponse } from '../support/http';
import { ACCOUNTING, ADMIN, AGENT, NORTHWIND, REVIEWER } from '../support/personas';
import { centralToday, purchasePolicies } from '../support/policyFixtures';
import { purchaseOf, quoteApi, quoteAtCheckout, tokenFor } from '../support/quoteApi';
import { userIdOf } from '../support/records';
import { useServerPair, useTestServer } from '../support/suite';
import { previewTokenOf } from '../support/previewedCommits';
import { testDatabases } from '../support/testServer';

// The Idempotency-Key header of the money commands (src/server/http/idempotency.ts): the first answer to a
// user's key is stored and replayed; the key with another request is refused; without it nothing changes.
const KEY = 'Idempotency-Key';
const withKey = (key: string) => ({ headers: { [KEY]: key } });

// The money commands, written here from what moves or sets money (docs/reliability.md "Idempotency keys"):
// statement approval and payment, one and bulk; a statement's recalculation and its overrides, which change what is paid; the pet quote
// actions (which carry the purchase), the renters purchase, and the pet and renters cancellations and
// reinstatement. The server's own list (routes with `config.idempotent`) must be this one.
const MONEY_ROUTES = [
  ...['approve', 'unapprove', 'mark-paid', 'mark-unpaid'].flatMap((name) => [
    `POST /v2/entities/:entityId/commission-statements/:statementId/${name}`,
    `POST /v2/commission-statements/${name}`,
  ]),
  // Recalculating an out-of-date statement sets what it pays.
  'POST /v2/entities/:entityId/commission-statements/:statementId/recalculate',
  'POST /v2/entities/:entityId/commission-statements/:statementId/overrides',
  'PATCH /v2/entities/:entityId/commission-statements/:statementId/overrides/:overrideId',
  'DELETE /v2/entities/:entityId/commission-statements/:statementId/overrides/:overrideId',
  'POST /v1/quote/action',
  'POST /v2/renters/quotes/:id/purchase',
  'POST /v2/policies/:matterId/cancel',
  // SPEC's purchase request (specQuoteRoutes.ts).
  'POST /v2/policies',
  // A late payment taken by staff ("Pay now").
  'POST /v2/policies/:matterId/billing/pay-now',
  // A pet policy's new card, changed by staff.
  'POST /v2/policies/:matterId/billing/payment-method',
  'POST /v2/renters/policies/:matterId/billing/pay-now',
  // A failed refund asked for again.
  'POST /v2/policies/:matterId/refunds/retry',
  'POST /v2/renters/policies/:matterId/refunds/retry',
  ...['cancel', 'discontinue', 'reinstate'].map((kind) => `POST /v2/renters/policies/:matterId/${kind}`),
];
// A route with ids that need not exist: the key is checked before the handler.
const callOf = (route: string) => {
  const [method, url] = route.split(' ') as [string, string];
  const path = url.replace(/:(\w+)/g, (_m, name: string) =>
    name === 'id' ? '00000000-0000-4000-8000-000000000000' : '1',
  );
  return { method, path };
};

describe.each(testDatabases())('idempotency keys on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const st = statementApi(e, () => s.t);
  const db = () => s.t.server.database.db;

  // Pending statements of agencies of this suite, generated once and handed out one per test.
  const pending: Statement[] = [];
  beforeAll(async () => {
    const agencies: Agency[] = [];
    for (let i = 0; i < 12; i++) {
      const agency = await st.newAgency();
      await st.sellRenters(agency);
      agencies.push(agency);
    }
    await st.generate();
    for (const agency of agencies) pending.push(await st.statementOf(agency));
  });
  const nextStatement = () => {
    const statement = pending.pop();
    if (!statement) throw new Error('Make more pending statements in beforeAll');
    return statement;
  };

  const statementEvents = (statementId: number) =>
    db()
      .selectFrom('events')
      .select(['type', 'version', 'metadata'])
      .where('stream_type', '=', 'commission_statement')
      .where('stream_id', '=', String(statementId))
      .orderBy('version')
      .execute();
  const command = (statement: Statement, name: string, email: string, data: unknown, key?: string) =>
    e.post(
      st.path(statement.entity_id, statement.id, `/${name}`),
      email,
      { data },
      key === undefined ? {} : withKey(key),
    );
  const storedKeys = async (email: string, key: string) =>
    db()
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', await userIdOf(db(), email))
      .where('key', '=', key)
      .execute();
  const expectReplayOf = (replay: ApiResponse, first: ApiResponse) => {
    expect(replay.status).toBe(first.status);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  };

  it('replays the first answer to the same key and request, appending nothing', async () => {
    const statement = nextStatement();
    const key = randomUUID();
    const first = await command(statement, 'approve', REVIEWER, { version: statement.version }, key);
    expectStatus(first, 200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const after = await statementEvents(statement.id);
    expect(after.map((ev) => ev.type).at(-1)).toBe('statement.approved');

    // The same body with its keys in another order is the same request.
    const again = await e.post(
      st.path(statement.entity_id, statement.id, '/approve'),
      REVIEWER,
      { data: { version: statement.version } },
      withKey(key),
    );
    expectReplayOf(again, first);
    expectReplayOf(await command(statement, 'approve', REVIEWER, { version: statement.version }, key), first);
    expect(await statementEvents(statement.id)).toEqual(after);
    expect(await storedKeys(REVIEWER, key)).toMatchObject([
      { state: 'done', response_status: 200, response_body: first.text },
    ]);
    // The events of the command that ran carry the key; a command without one carries none.
    expect(after.at(-1)!.metadata).toMatchObject({ idempotencyKey: key, requestId: expect.any(String) });
    expectStatus(await command(statement, 'unapprove', REVIEWER, {}), 200);
    expect((await statementEvents(statement.id)).at(-1)!.metadata).not.toHaveProperty('idempotencyKey');
  });

  it('refuses the key with a different body, route or acting entity, and changes nothing', async () => {
    const statement = nextStatement();
    const key = randomUUID();
    expectStatus(await command(statement, 'approve', REVIEWER, {}, key), 200);
    const events = await statementEvents(statement.id);
    const stored = await storedKeys(REVIEWER, key);

    const refusals = [
      await command(statement, 'approve', REVIEWER, { version: statement.version + 1 }, key),
      await command(statement, 'unapprove', REVIEWER, {}, key),
      await e.post('/v2/commission-statements/unapprove', REVIEWER, { ids: [statement.id] }, withKey(key)),
      await e.post(
        st.path(statement.entity_id, statement.id, '/approve'),
        REVIEWER,
        { data: {} },
        {
          ...withKey(key),
          actingFor: NORTHWIND,
        },
      ),
    ];
    for (const refused of refusals) {
      expect(expectValidationError(refused, [KEY]).errors[KEY]).toEqual([MESSAGES.reused]);
    }
    expect(await statementEvents(statement.id)).toEqual(events);
    expect(await storedKeys(REVIEWER, key)).toEqual(stored);
    expect((await st.detail(statement.entity_id, statement.id)).state).toBe('approved');
  });

  it('answers a malformed key with 422 on Idempotency-Key before running anything', async () => {
    const statement = nextStatement();
    const malformed = ['', 'with space', 'x'.repeat(256), 'caf\u00e9', 'tab\tinside'];
    for (const key of malformed) {
      const refused = await command(statement, 'approve', REVIEWER, {}, key);
      expect(expectValidationError(refused, [KEY]).errors[KEY], JSON.stringify(key)).toEqual([
        MESSAGES.format,
      ]);
    }
    // Checked before the body too: a malformed key is named even when the body is wrong as well.
    const both = await e.post(
      st.path(statement.entity_id, statement.id, '/approve'),
      REVIEWER,
      { nonsense: true },
      withKey('with space'),
    );
    expect(expectValidationError(both, [KEY]).errors).toEqual({ [KEY]: [MESSAGES.format] });
    expect(await statementEvents(statement.id)).toHaveLength(1);
    // The longest key allowed, of every visible character, works.
    const visible = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i)).join('');
    const longest = (visible + visible + visible).slice(0, 255);
    expectStatus(await command(statement, 'approve', REVIEWER, {}, longest), 200);
    expect(await storedKeys(REVIEWER, longest)).toHaveLength(1);
  });

  it("takes a key on exactly the money commands: the server's list of them is this test's", () => {
    expect([...s.t.server.idempotentRoutes].sort()).toEqual([...MONEY_ROUTES].sort());
  });

  it('checks the key on every money command before anything else, and another write ignores it', async () => {
    const token = await e.tokenOf(ADMIN);
    for (const route of MONEY_ROUTES) {
      const { method, path } = callOf(route);
      const refused = await s.api.request(method, path, {
        token,
        ...(method === 'DELETE' ? {} : { body: {} }),
        ...withKey('with space'),
      });
      expect(expectValidationError(refused, [KEY]).errors, route).toEqual({ [KEY]: [MESSAGES.format] });
    }
    // Another write ignores the header: its body is checked as ever.
    const entity = await e.post('/v2/entities', ADMIN, {}, withKey('with space'));
    expect(expectValidationError(entity, []).errors[KEY]).toBeUndefined();
  });

  it('adds an override once however often it is sent with its key, and replays its change and removal', async () => {
    const statement = nextStatement();
    const path = st.path(statement.entity_id, statement.id, '/overrides');
    const keys = { add: randomUUID(), change: randomUUID(), remove: randomUUID() };
    const body = { data: { amount: 12.5, type_code: 'CONTEST', note: 'Sent twice' } };
    const added = await e.post(path, REVIEWER, body, withKey(keys.add));
    expectStatus(added, 201);
    expectReplayOf(await e.post(path, REVIEWER, body, withKey(keys.add)), added);
    const listed = await e.get(path, REVIEWER);
    expect((listed.body as { data: unknown[] }).data).toHaveLength(1);
    const { id } = (added.body as { data: { id: number } }).data;

    const changed = await e.patch(`${path}/${id}`, REVIEWER, { data: { amount: 20 } }, withKey(keys.change));
    expectStatus(changed, 200);
    expectReplayOf(
      await e.patch(`${path}/${id}`, REVIEWER, { data: { amount: 20 } }, withKey(keys.change)),
      changed,
    );
    const removed = await e.del(`${path}/${id}`, REVIEWER, withKey(keys.remove));
    expectStatus(removed, 200);
    expectReplayOf(await e.del(`${path}/${id}`, REVIEWER, withKey(keys.remove)), removed);
    // Without the key a removal sent again is refused by the override's own state, not run twice.
    expect((await e.del(`${path}/${id}`, REVIEWER)).status).toBeGreaterThanOrEqual(400);

    const overrides = (await statementEvents(statement.id)).filter((ev) => ev.type.includes('override'));
    expect(overrides.map((ev) => [ev.type, ev.metadata.idempotencyKey])).toEqual([
      ['statement.overrideAdded', keys.add],
      ['statement.overrideUpdated', keys.change],
      ['statement.overrideDeleted', keys.remove],
    ]);
  });

  it('behaves as before without the key, and stores nothing', async () => {
    const statement = nextStatement();
    const user = await userIdOf(db(), REVIEWER);
    const count = async () =>
      (
        await db()
          .selectFrom('idempotency_keys')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', user)
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    expectStatus(await command(statement, 'approve', REVIEWER, {}), 200);
    const again = await command(statement, 'approve', REVIEWER, {});
    expectError(again, 409);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect((await statementEvents(statement.id)).map((ev) => ev.type)).toEqual([
      'statement.generated',
      'statement.approved',
    ]);
    expect(await count()).toBe(before);
  });

  it('runs concurrent requests with one key once: the others wait (409) or replay', async () => {
    const statement = nextStatement();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => command(statement, 'approve', REVIEWER, {}, key)),
    );
    const ran = answers.filter((a) => a.status === 200 && !a.headers.get('idempotent-replayed'));
    expect(ran).toHaveLength(1);
    for (const other of answers.filter((a) => a !== ran[0])) {
      if (other.status === 409) expect(expectError(other, 409).message).toBe(MESSAGES.inFlight);
      else expectReplayOf(other, ran[0]!);
    }
    const types = (await statementEvents(statement.id)).map((ev) => ev.type);
    expect(types).toEqual(['statement.generated', 'statement.approved']);
    // Once the first has answered, every retry replays it.
    expectReplayOf(await command(statement, 'approve', REVIEWER, {}, key), ran[0]!);
  });

  it('keeps keys per user: another user with the same key runs their own request', async () => {
    const [mine, theirs] = [nextStatement(), nextStatement()];
    const key = `shared-${randomUUID()}`;
    const first = await command(mine, 'approve', REVIEWER, {}, key);
    expectStatus(first, 200);
    const second = await command(theirs, 'approve', ADMIN, {}, key);
    expectStatus(second, 200);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect((await st.detail(theirs.entity_id, theirs.id)).state).toBe('approved');
    // ADMIN's key answers ADMIN's request; REVIEWER's still replays REVIEWER's.
    expectReplayOf(await command(theirs, 'approve', ADMIN, {}, key), second);
    expectReplayOf(await command(mine, 'approve', REVIEWER, {}, key), first);
    expect(await storedKeys(REVIEWER, key)).toHaveLength(1);
    expect(await storedKeys(ADMIN, key)).toHaveLength(1);
  });

  it('replays a 4xx as the same 4xx, even after the cause is gone', async () => {
    const statement = nextStatement();
    expectStatus(await command(statement, 'approve', REVIEWER, {}), 200);
    const key = randomUUID();
    // No verified bank account: refused.
    const refused = await command(statement, 'mark-paid', ACCOUNTING, {}, key);
    expect(expectError(refused, 409).message).toMatch(/no verified bank account/);
    await st.verifyBankAccount(statement.entity_id);
    expectReplayOf(await command(statement, 'mark-paid', ACCOUNTING, {}, key), refused);
    expect((await st.detail(statement.entity_id, statement.id)).state).toBe('approved');
    // A stale version is a 409 too, replayed as it was.
    const staleKey = randomUUID();
    const stale = await command(statement, 'mark-paid', ACCOUNTING, { version: 1 }, staleKey);
    expectError(stale, 409);
    expectReplayOf(await command(statement, 'mark-paid', ACCOUNTING, { version: 1 }, staleKey), stale);
    // A new key is a new request: it pays, once.
    const paid = await command(statement, 'mark-paid', ACCOUNTING, {}, randomUUID());
    expectStatus(paid, 200);
    const types = (await statementEvents(statement.id)).map((ev) => ev.type);
    expect(types.filter((t) => t === 'statement.markedPaid')).toHaveLength(1);
  });

  it('lets a key be used again after 24 hours, and a retry take over a claim abandoned in flight', async () => {
    const statement = nextStatement();
    const key = randomUUID();
    const user = await userIdOf(db(), REVIEWER);
    expectStatus(await command(statement, 'approve', REVIEWER, {}, key), 200);
    const age = (milliseconds: number) =>
      db()
        .updateTable('idempotency_keys')
        .set({ created_at: new Date(Date.now() - milliseconds) })
        .where('user_id', '=', user)
        .where('key', '=', key)
        .execute();
    await age(25 * 3_600_000);
    // Expired: a new request under the old key runs (another request, so no 422).
    const unapproved = await command(statement, 'unapprove', REVIEWER, {}, key);
    expectStatus(unapproved, 200);
    expect(unapproved.headers.get('idempotent-replayed')).toBeNull();

    // A claim left in flight (its process died before storing the answer) holds retries off for a while…
    await db()
      .updateTable('idempotency_keys')
      .set({ state: 'in_flight', response_status: null, response_body: null, created_at: new Date() })
      .where('user_id', '=', user)
      .where('key', '=', key)
      .execute();
    expect(expectError(await command(statement, 'unapprove', REVIEWER, {}, key), 409).message).toBe(
      MESSAGES.inFlight,
    );
    // …then the same request may take it over; it runs (and is refused by the statement's state, not twice).
    await age(2 * 60_000);
    const retried = await command(statement, 'unapprove', REVIEWER, {}, key);
    expectError(retried, 409);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect((await statementEvents(statement.id)).map((ev) => ev.type)).toEqual([
      'statement.generated',
      'statement.approved',
      'statement.unapproved',
    ]);
  });

  it('replays a bulk command by ids', async () => {
    const statement = nextStatement();
    const key = randomUUID();
    const body = { ids: [statement.id] };
    const first = await e.post('/v2/commission-statements/approve', REVIEWER, body, withKey(key));
    expectStatus(first, 200);
    expect(first.body).toMatchObject({ data: { affected: 1, refused: [] } });
    expectReplayOf(await e.post('/v2/commission-statements/approve', REVIEWER, body, withKey(key)), first);
    const events = await statementEvents(statement.id);
    expect(events.map((ev) => ev.type)).toEqual(['statement.generated', 'statement.approved']);
    expect(events[1]!.metadata).toMatchObject({ idempotencyKey: key });
  });

  it('replays a pet purchase without a second charge, and a cancellation without a second refund', async () => {
    const q = quoteApi(e);
    const quote = await quoteAtCheckout(q, { email: AGENT });
    const body = purchaseOf(quote, await tokenFor(e, AGENT));
    const key = randomUUID();
    const bought = await q.act('POST', 'purchase', body, { email: AGENT, ...withKey(key) });
    expectStatus(bought, 200);
    expectReplayOf(await q.act('POST', 'purchase', body, { email: AGENT, ...withKey(key) }), bought);
    // Another requestId under the same key is another request.
    const other = await q.act('POST', 'purchase', { ...body, requestId: randomUUID() }, withKey(key));
    expectValidationError(other, [KEY]);
    const charges = await db()
      .selectFrom('payment_charges')
      .select('idempotency_key')
      .where('idempotency_key', 'like', `quote:${quote.uuid}:%`)
      .execute();
    expect(charges).toHaveLength(1);
    const quoteEvents = await db()
      .selectFrom('events')
      .select(['type', 'metadata'])
      .where('stream_type', '=', 'quote')
      .where('stream_id', '=', quote.uuid)
      .orderBy('version')
      .execute();
    const purchaseEvents = quoteEvents.filter((ev) =>
      ['quote.checkoutSubmitted', 'quote.purchaseSucceeded'].includes(ev.type),
    );
    expect(purchaseEvents.map((ev) => [ev.type, ev.metadata.idempotencyKey])).toEqual([
      ['quote.checkoutSubmitted', key],
      ['quote.purchaseSucceeded', key],
    ]);

    const [policy] = (await purchasePolicies(s.t, { email: AGENT })).policies;
    const cancelKey = randomUUID();
    const cancelDate = new Date(Date.parse(`${centralToday()}T00:00:00Z`) + 5 * 86_400_000).toISOString();
    const request = { cancelDate: cancelDate.slice(0, 10), reason: 'CUSTOMER_REQUEST' };
    const path = `/v2/policies/${policy!.matterId}/cancel`;
    const preview = await e.post(path, AGENT, { data: { ...request, commit: false } });
    const cancel = { data: { ...request, commit: true, previewToken: previewTokenOf(preview) } };
    const cancelled = await e.post(path, AGENT, cancel, withKey(cancelKey));
    expectStatus(cancelled, 200);
    expect(CancelResponse.parse(cancelled.body).data.committed).toBe(true);
    expectReplayOf(await e.post(path, AGENT, cancel, withKey(cancelKey)), cancelled);
    // Without the key, the second commit is refused by the policy's state.
    expectError(await e.post(path, AGENT, cancel), 409);
    const refunds = await db()
      .selectFrom('policy_refunds')
      .select('reference')
      .where('policy_number', '=', policy!.policyNumber)
      .execute();
    expect(refunds).toHaveLength(1);
    const cancelledEvents = await db()
      .selectFrom('events')
      .select('metadata')
      .where('stream_type', '=', 'policy')
      .where('stream_id', '=', policy!.policyNumber)
      .where('type', '=', 'policy.cancelled')
      .execute();
    expect(cancelledEvents.map((ev) => ev.metadata.idempotencyKey)).toEqual([cancelKey]);
  });
});

// DESIGN.md "Scale": the keys live in the database, so a retry that reaches the other server is answered
// from the first one's outcome, and the same key sent to both at once runs once.
describe.skipIf(!testDatabases().includes('postgres'))('idempotency keys across two servers', () => {
  const pair = useServerPair();

  it('runs a key once across both servers and replays it on either', async () => {
    const onA = entityApi(() => apiFor(pair.a.url));
    const onB = entityApi(() => apiFor(pair.b.url));
    const st = statementApi(onA, () => pair.a);
    const agency = await st.newAgency();
    await st.sellRenters(agency);
    await st.generate();
    const statement = await st.statementOf(agency);
    const path = st.path(statement.entity_id, statement.id, '/approve');
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? onA : onB).post(path, REVIEWER, { data: {} }, withKey(key)),
      ),
    );
    const ran = answers.filter((r) => r.status === 200 && !r.headers.get('idempotent-replayed'));
    expect(ran).toHaveLength(1);
    for (const other of answers.filter((r) => r !== ran[0])) {
      if (other.status === 409) expect(expectError(other, 409).message).toBe(MESSAGES.inFlight);
      else expect([other.status, other.text]).toEqual([200, ran[0]!.text]);
    }
    for (const server of [onA, onB]) {
      const replay = await server.post(path, REVIEWER, { data: {} }, withKey(key));
      expect([replay.status, replay.text, replay.headers.get('idempotent-replayed')]).toEqual([
        200,
        ran[0]!.text,
        'true',
      ]);
    }
    const events = await pair.a.server.database.db
      .selectFrom('events')
      .select('type')
      .where('stream_type', '=', 'commission_statement')
      .where('stream_id', '=', String(statement.id))
      .execute();
    expect(events.map((ev) => ev.type)).toEqual(['statement.generated', 'statement.approved']);
  });
});
