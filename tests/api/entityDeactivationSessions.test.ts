import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TokenResponse } from '../../src/api/schemas/auth';
import { EntityResponse, type EntityCreate } from '../../src/api/schemas/entities';
import { entityApi, expectStatus, uniqueEntityCode, userWith } from '../support/entityApi';
import { expectError, type ApiResponse } from '../support/http';
import { ADMIN, NORTHWIND } from '../support/personas';
import { entityIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../support/testServer';

// Deactivating an entity ends its users' sessions, as deactivating a user does: the access and refresh
// tokens they held before do not come back to life when the entity is reactivated.
describe.each(testDatabases())('entity deactivation ends sessions on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;

  const create = async (overrides: Partial<EntityCreate> = {}) => {
    const response = await e.post('/v2/entities', ADMIN, {
      entity_code: uniqueEntityCode(),
      entity_name: 'Prairie Pet Agency',
      master_entity_id: await entityIdOf(db(), NORTHWIND),
      type_code: 'AGENCY',
      ...overrides,
    });
    expectStatus(response, 201);
    return EntityResponse.parse(response.body).data;
  };
  const staffOf = (entityCode: string) =>
    userWith(db(), { entityCode, userType: 'external', privilegeCodes: ['quote_new'] });
  const profile = (token: string): Promise<ApiResponse> => s.api.get('/v2/my/profile', { token });
  const reactivate = async (entityId: number) =>
    expectStatus(await e.patch(`/v2/entities/${entityId}`, ADMIN, { status_code: 'ACTIVE' }), 200);

  it('refuses the access and refresh tokens taken before deactivation once the entity is active again', async () => {
    const entity = await create();
    const staff = await staffOf(entity.entity_code);
    const before = await s.api.login(staff);
    // A second session of the same user, rotated once, so a refreshed pair is covered as well.
    const other = await s.api.login(staff);
    const rotated = await s.api.refresh(other.refreshToken);
    expectStatus(rotated, 200);
    const rotatedTokens = TokenResponse.parse(rotated.body);
    expectStatus(await profile(before.accessToken), 200);

    expectStatus(await e.del(`/v2/entities/${entity.id}`, ADMIN), 200);
    expectError(await profile(before.accessToken), 401);
    await reactivate(entity.id);

    expectError(await profile(before.accessToken), 401);
    expectError(await profile(rotatedTokens.accessToken), 401);
    expectError(await s.api.refresh(before.refreshToken), 401);
    expectError(await s.api.refresh(rotatedTokens.refreshToken), 401);
    // Signing in again works, as it does for a reactivated user.
    const after = await s.api.login(staff);
    expectStatus(await profile(after.accessToken), 200);
  });

  it('refuses a refresh token used while the entity was inactive, after it is reactivated', async () => {
    const entity = await create();
    const staff = await staffOf(entity.entity_code);
    const before = await s.api.login(staff);
    expectStatus(await e.del(`/v2/entities/${entity.id}`, ADMIN), 200);
    const during = await s.api.refresh(before.refreshToken);
    expectError(during, 401);
    await reactivate(entity.id);
    expectError(await s.api.refresh(before.refreshToken), 401);
  });

  it('ends the sessions of every user of the entities beneath it, and of no other entity', async () => {
    const parent = await create();
    const child = await create({ master_entity_id: parent.id });
    const sibling = await create();
    const parentStaff = await s.api.login(await staffOf(parent.entity_code));
    const childStaff = await s.api.login(await staffOf(child.entity_code));
    const siblingStaff = await s.api.login(await staffOf(sibling.entity_code));

    // No cascade: the child first, then its parent; then both back, the parent first.
    expectStatus(await e.del(`/v2/entities/${child.id}`, ADMIN), 200);
    expectStatus(await e.del(`/v2/entities/${parent.id}`, ADMIN), 200);
    await reactivate(parent.id);
    await reactivate(child.id);

    for (const tokens of [parentStaff, childStaff]) {
      expectError(await profile(tokens.accessToken), 401);
      expectError(await s.api.refresh(tokens.refreshToken), 401);
    }
    expectStatus(await profile(siblingStaff.accessToken), 200);
    const refreshed = await s.api.refresh(siblingStaff.refreshToken);
    expectStatus(refreshed, 200);
    expect(TokenResponse.parse(refreshed.body).accessToken).not.toBe(siblingStaff.accessToken);
  });
  // A sign-in whose password check is under way while a deactivation commits must not make a session that
  // outlives it. Only PostgreSQL runs the two at once (PGlite has one connection, which takes them in turn).
  it.runIf(database === 'postgres')(
    'refuses a sign-in that raced a deactivation, so no session of it comes back with a reactivation',
    async () => {
      const entity = await create();
      const staff = await staffOf(entity.entity_code);
      let signIn: Promise<ApiResponse> | undefined;
      await db()
        .transaction()
        .execute(async (trx) => {
          // What the deactivation does, held open: the entity turned inactive, its sessions ended.
          await trx
            .updateTable('entities')
            .set({ status_code: 'INACTIVE' })
            .where('id', '=', entity.id)
            .execute();
          signIn = s.api.post('/v2/auth', { email: staff, password: DEMO_PASSWORD });
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          await sql`update session_families set revoked_at = now(), revoked_reason = 'entity deactivated'
                     where revoked_at is null
                       and user_id in (select id from users where entity_id = ${entity.id})`.execute(trx);
        });
      expect((await signIn!).status).toBe(422);
      // No session of the user is left unended, to come back when the entity is active again.
      const live = await db()
        .selectFrom('session_families as f')
        .innerJoin('users as u', 'u.id', 'f.user_id')
        .select('f.id')
        .where('u.entity_id', '=', entity.id)
        .where('f.revoked_at', 'is', null)
        .execute();
      expect(live).toEqual([]);
    },
  );
});
