import { sql } from 'kysely';
import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { EntityResponse } from '../../src/api/schemas/entities';
import { changeUser } from '../../src/server/domain/users/userCommands';
import { CONFLICT } from '../../src/server/http/openapi/conflicts';
import type { Operation } from '../../src/server/http/openapi/documentFinish';
import { entityApi, expectStatus, uniqueEntityCode, userWith } from '../support/entityApi';
import { expectError, expectValidationError, type ApiResponse } from '../support/http';
import { ADMIN, HOUSE, NORTHWIND } from '../support/personas';
import { TEST_METADATA, entityIdOf, userIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// The 409s of the API reference (docs/api-reference.md "Conflicts (409)"): an operation lists 409 only where
// its route says when it answers so, and the 409s a client meets are listed, with their cause, on the
// operations that gave them.
type Document = OpenAPIV3_1.Document;
type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

describe.each(testDatabases())('the API reference’s 409s on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  let cached: Document | null = null;
  const document = async (): Promise<Document> => {
    if (cached) return cached;
    const response = await s.api.get('/api/openapi.json');
    expect(response.status).toBe(200);
    return (cached = response.body as Document);
  };
  const operation = async (method: Method, path: string) => {
    const found = (await document()).paths?.[path]?.[method] as Operation | undefined;
    expect(found, `${method.toUpperCase()} ${path} is documented`).toBeDefined();
    return found!;
  };
  // The 409 the reference lists for an operation, or undefined.
  const conflictOf = async (method: Method, path: string) =>
    (await operation(method, path)).responses?.['409'] as OpenAPIV3_1.ResponseObject | undefined;
  // The operation lists a 409 whose causes include `cause`.
  const expectListed = async (method: Method, path: string, cause: string | RegExp) => {
    const listed = await conflictOf(method, path);
    expect(listed, `${method.toUpperCase()} ${path} lists no 409`).toBeDefined();
    expect(listed!.description).toMatch(cause);
  };

  const newEntity = async () => {
    const response = await e.post('/v2/entities', ADMIN, {
      entity_code: uniqueEntityCode(),
      entity_name: 'Conflict Pet Agency',
      master_entity_id: await entityIdOf(db(), NORTHWIND),
      type_code: 'AGENCY',
    });
    expectStatus(response, 201);
    return EntityResponse.parse(response.body).data;
  };

  it('lists 409, with the cause met, on operations that answer it: a stale version, a refusing state', async () => {
    const entity = await newEntity();
    const path = `/v2/entities/${entity.id}`;
    // A stale version.
    expectStatus(await e.patch(path, ADMIN, { dba: 'First' }), 200);
    expectError(await e.patch(path, ADMIN, { dba: 'Second', version: entity.version }), 409);
    await expectListed('patch', '/v2/entities/{entityId}', CONFLICT.staleVersion());
    // The entity's state: deactivated once, it refuses a second deactivation and every change to its log.
    expectStatus(await e.del(path, ADMIN), 200);
    expect(expectError(await e.del(path, ADMIN), 409).message).toMatch(/already inactive/);
    await expectListed('delete', '/v2/entities/{entityId}', /already inactive/);
    const location = {
      loc_type: 'BRANCH',
      name: 'Branch',
      address_1: '1 Main St',
      city: 'Wichita',
      state_code: 'KS',
      zip: '67202',
    };
    expectError(await e.post(`${path}/locations`, ADMIN, location), 409);
    await expectListed('post', '/v2/entities/{entityId}/locations', /entity is inactive/);

    // A user's state: a deactivated user is not deactivated again, nor mailed a reset link.
    const email = await userWith(db(), { entityCode: HOUSE, userType: 'internal', privilegeCodes: [] });
    const user = await userIdOf(db(), email);
    const token = await e.tokenOf(ADMIN);
    const deactivate = () => s.api.post(`/v2/users/${user}/deactivate`, undefined, { token });
    expectStatus(await deactivate(), 200);
    expect(expectError(await deactivate(), 409).message).not.toBe('');
    await expectListed('post', '/v2/users/{id}/deactivate', /already deactivated/);
    expectError(await s.api.post(`/v2/users/${user}/password-reset`, undefined, { token }), 409);
    await expectListed('post', '/v2/users/{id}/password-reset', /deactivated/);
  });

  // Two writers at one version of a record's log: the later one meets the unique version and answers 409.
  // Made certain here by holding the first writer's transaction open until the request waits on it, which
  // needs a second connection: PostgreSQL only (PGlite runs one transaction at a time).
  it.runIf(database === 'postgres')(
    'lists 409 where a concurrent write is its only cause, and a concurrent write answers it',
    async () => {
      const email = await userWith(db(), { entityCode: HOUSE, userType: 'internal', privilegeCodes: [] });
      const user = await userIdOf(db(), email);
      const { accessToken: token } = await s.api.login(email);
      const pending: { answer?: Promise<ApiResponse> } = {};
      await db()
        .transaction()
        .execute(async (trx) => {
          await changeUser(trx, user, { fields: { ext: '12' } }, TEST_METADATA);
          const { rows } = await sql<{ xid: string }>`select pg_current_xact_id()::xid::text as xid`.execute(
            trx,
          );
          pending.answer = s.api.request('PATCH', '/v2/my/profile', { token, body: { phone: '5125550100' } });
          // Until the request's append waits for this transaction's version of the log.
          for (let waited = 0; ; waited += 20) {
            const { rows: waiting } = await sql<{ n: string }>`
              select count(*)::text as n from pg_locks
              where locktype = 'transactionid' and transactionid::text = ${rows[0]!.xid} and not granted`.execute(
              db(),
            );
            if (waiting[0]!.n !== '0') break;
            expect(waited, 'the request never waited for the other writer').toBeLessThan(10_000);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        });
      const raced = await pending.answer!;
      expect(raced.status, raced.text).toBe(409);
      await expectListed('patch', '/v2/my/profile', CONFLICT.concurrentWrite);
      const own = (await conflictOf('patch', '/v2/my/profile'))!.description;
      expect(own.match(/^- /gm)).toHaveLength(1);
    },
  );

  it('lists no 409 where nothing refuses so: a taken code or name is a 422, a preview changes nothing', async () => {
    const entity = await newEntity();
    const taken = await e.post('/v2/entities', ADMIN, {
      entity_code: entity.entity_code,
      entity_name: 'Twin',
      master_entity_id: entity.master_entity_id,
      type_code: 'AGENCY',
    });
    expectValidationError(taken, ['entity_code']);
    expect(await conflictOf('post', '/v2/entities')).toBeUndefined();
    for (const [method, path] of [
      ['post', '/v2/users'],
      ['post', '/v2/roles'],
      ['patch', '/v2/my/table-views/{id}'],
      ['delete', '/v2/my/table-views/{id}'],
      ['post', '/v2/entities/{entityId}/commission-configs/impact'],
      ['post', '/v2/entities/{entityId}/commission-configs/{ruleId}/impact'],
      ['post', '/v2/commission-payment-reports'],
      ['post', '/v1/one-inc-session/{sessionId}/payment-methods'],
      ['get', '/v2/entities/{entityId}'],
    ] as const) {
      expect(await conflictOf(method, path), `${method.toUpperCase()} ${path}`).toBeUndefined();
    }
  });

  it('lists 409 on every route that takes an Idempotency-Key, and each 409 says when with the error body', async () => {
    const doc = await document();
    const toPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
    for (const route of s.t.server.idempotentRoutes) {
      const [method, url] = route.split(' ') as [string, string];
      await expectListed(method.toLowerCase() as Method, toPath(url), CONFLICT.inFlight);
    }
    let listed = 0;
    for (const item of Object.values(doc.paths ?? {})) {
      for (const op of Object.values(item ?? {})) {
        const conflict = (op as Operation).responses?.['409'] as OpenAPIV3_1.ResponseObject | undefined;
        if (!conflict) continue;
        listed++;
        expect(conflict.description).toMatch(/^- \S/m);
        expect(conflict.content?.['application/json']?.schema).toEqual({
          $ref: '#/components/schemas/ErrorBody',
        });
        // The causes are the response's own; nothing of the route's config is left on the operation.
        expect(op).not.toHaveProperty('x-conflicts');
      }
    }
    expect(listed).toBeGreaterThan(s.t.server.idempotentRoutes.length);
  });

  it('documents the Idempotency-Key header on exactly the routes that take one', async () => {
    const doc = await document();
    const idempotent = new Set(
      s.t.server.idempotentRoutes.map((route) => {
        const [method, url] = route.split(' ') as [string, string];
        return `${method.toLowerCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;
      }),
    );
    const withHeader = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(item ?? {})) {
        const parameters = ((op as Operation).parameters ?? []) as { $ref?: string }[];
        if (parameters.some((p) => p.$ref === '#/components/parameters/IdempotencyKey')) {
          withHeader.add(`${method} ${path}`);
        }
        expect(op).not.toHaveProperty('x-idempotent');
      }
    }
    expect(idempotent.size).toBeGreaterThan(0);
    expect([...withHeader].sort()).toEqual([...idempotent].sort());
    const header = doc.components?.parameters?.IdempotencyKey as OpenAPIV3_1.ParameterObject;
    expect(header).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: false });
  });
});
