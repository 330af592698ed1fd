import { describe, expect, it } from 'vitest';
import { TokenResponse } from '../../src/api/schemas/auth';
import { EntityResponse, type EntityCreate } from '../../src/api/schemas/entities';
import { entityApi, expectStatus, uniqueEntityCode, userWith } from '../support/entityApi';
import { expectError, type ApiResponse } from '../support/http';
import { ADMIN, NORTHWIND } from '../support/personas';
import { entityIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

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
    const rotated = await s.api.refresh(other.refresh_token);
    expectStatus(rotated, 200);
    const rotatedTokens = TokenResponse.parse(rotated.body);
    expectStatus(await profile(before.access_token), 200);

    expectStatus(await e.del(`/v2/entities/${entity.id}`, ADMIN), 200);
    expectError(await profile(before.access_token), 401);
    await reactivate(entity.id);

    expectError(await profile(before.access_token), 401);
    expectError(await profile(rotatedTokens.access_token), 401);
    expectError(await s.api.refresh(before.refresh_token), 401);
    expectError(await s.api.refresh(rotatedTokens.refresh_token), 401);
    // Signing in again works, as it does for a reactivated user.
    const after = await s.api.login(staff);
    expectStatus(await profile(after.access_token), 200);
  });

  it('refuses a refresh token used while the entity was inactive, after it is reactivated', async () => {
    const entity = await create();
    const staff = await staffOf(entity.entity_code);
    const before = await s.api.login(staff);
    expectStatus(await e.del(`/v2/entities/${entity.id}`, ADMIN), 200);
    const during = await s.api.refresh(before.refresh_token);
    expectError(during, 401);
    await reactivate(entity.id);
    expectError(await s.api.refresh(before.refresh_token), 401);
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
      expectError(await profile(tokens.access_token), 401);
      expectError(await s.api.refresh(tokens.refresh_token), 401);
    }
    expectStatus(await profile(siblingStaff.access_token), 200);
    const refreshed = await s.api.refresh(siblingStaff.refresh_token);
    expectStatus(refreshed, 200);
    expect(TokenResponse.parse(refreshed.body).access_token).not.toBe(siblingStaff.access_token);
  });
});
