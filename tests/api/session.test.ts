import { describe, expect, it } from 'vitest';
import { PRIVILEGES, effectivePrivileges } from '../../src/api/privilegeCatalogue';
import {
  BrandResponse,
  MyEntitiesResponse,
  PrivilegeListResponse,
  ProfileResponse,
} from '../../src/api/schemas/session';
import { DEMO_BRAND, DEMO_ROLES, DEMO_USERS } from '../../src/server/seed/demoData';
import { expectError } from '../support/http';
import {
  ADMIN,
  AGENT,
  ALL_ENTITY_CODES,
  INTERNAL,
  LAKESIDE,
  MANAGER,
  NORTHWIND,
  NORTHWIND_AUSTIN,
  NORTHWIND_DALLAS,
  PAWS_REFERRALS,
} from '../support/personas';
import { setEntityActive } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// SPEC §3 "Session and profile": the User fields of the session model.
const SPEC_USER_FIELDS = [
  'id',
  'name',
  'firstName',
  'lastName',
  'email',
  'emailVerifiedAt',
  'isAdmin',
  'isInternalAgent',
  'isExternalAgent',
  'privilegeCodes',
  'roles',
];

describe.each(testDatabases())('session data on %s', (database) => {
  const s = useTestServer(database);
  const tokens = new Map<string, string>();
  const tokenOf = async (email: string) => {
    if (!tokens.has(email)) tokens.set(email, (await s.api.login(email)).accessToken);
    return tokens.get(email)!;
  };
  const myEntities = async (email: string, actingFor?: string) => {
    const response = await s.api.get('/v2/my/entities', { token: await tokenOf(email), actingFor });
    expect(response.status, response.text).toBe(200);
    return MyEntitiesResponse.strict().parse(response.body);
  };
  const codes = (list: { entityCode: string }[]) => list.map((e) => e.entityCode).sort();

  describe('GET /v2/my/profile', () => {
    it.each(DEMO_USERS.map((u) => [u.email, u] as const))(
      'answers %s with the SPEC User fields, roles and privileges',
      async (email, user) => {
        const response = await s.api.get('/v2/my/profile', { token: await tokenOf(email) });
        expect(response.status).toBe(200);
        const { data } = ProfileResponse.strict().parse(response.body);
        expect(Object.keys(data)).toEqual(expect.arrayContaining(SPEC_USER_FIELDS));
        const role = DEMO_ROLES.find((r) => r.roleName === user.roleName)!;
        expect(data).toMatchObject({
          name: `${user.firstName} ${user.lastName}`,
          firstName: user.firstName,
          lastName: user.lastName,
          email,
          isAdmin: user.userType === 'admin',
          isInternalAgent: user.userType === 'internal',
          isExternalAgent: user.userType === 'external',
          roles: [user.roleName],
        });
        expect(data.emailVerifiedAt).toEqual(expect.any(String));
        expect([...data.privilegeCodes].sort()).toEqual(effectivePrivileges(role.privilegeCodes));
      },
    );

    it('expands parent privileges to their children (manager has quote, so every quote_* too)', async () => {
      const { data } = ProfileResponse.parse(
        (await s.api.get('/v2/my/profile', { token: await tokenOf(MANAGER) })).body,
      );
      expect(data.privilegeCodes).toEqual(
        expect.arrayContaining(['quote', 'quote_new', 'quote_search', 'quote_edit', 'quote_set_track_info']),
      );
      expect(data.privilegeCodes).not.toContain('admin_ent_list');
      const agent = ProfileResponse.parse(
        (await s.api.get('/v2/my/profile', { token: await tokenOf(AGENT) })).body,
      );
      expect(agent.data.privilegeCodes).toContain('quote_new');
      expect(agent.data.privilegeCodes).not.toContain('quote');
      expect(agent.data.privilegeCodes).not.toContain('quote_edit');
      const admin = ProfileResponse.parse(
        (await s.api.get('/v2/my/profile', { token: await tokenOf(ADMIN) })).body,
      );
      expect(admin.data.privilegeCodes).toContain('root_admin');
      expect(admin.data.isAdmin).toBe(true);
    });

    it('answers 401 without a token', async () => {
      expectError(await s.api.get('/v2/my/profile'), 401);
    });
  });

  describe('GET /v2/my/entities', () => {
    it('shows an external agent only their own entity (agent@ has no children)', async () => {
      const body = await myEntities(AGENT);
      expect(codes(body.data)).toEqual([NORTHWIND_AUSTIN]);
      expect(body.acting.entityCode).toBe(NORTHWIND_AUSTIN);
      expect(body.acting.attributes).toEqual([]);
    });

    it('shows the agency manager their entity and its two children, with dashboard attribute 28', async () => {
      const body = await myEntities(MANAGER);
      expect(codes(body.data)).toEqual([NORTHWIND, NORTHWIND_AUSTIN, NORTHWIND_DALLAS].sort());
      const own = body.data.find((e) => e.entityCode === NORTHWIND)!;
      expect(own.childCount).toBe(2);
      expect(body.data.filter((e) => e.parentEntityId === own.id)).toHaveLength(2);
      expect(body.acting).toMatchObject({ entityCode: NORTHWIND, id: own.id, childCount: 2 });
      expect(body.acting.attributes).toContainEqual({ attributeId: 28, value: '1' });
    });

    it.each([ADMIN, INTERNAL])('shows staff (%s) every active entity', async (email) => {
      const body = await myEntities(email);
      expect(codes(body.data)).toEqual([...ALL_ENTITY_CODES].sort());
    });

    it('leaves deactivated entities out, and nobody can act for them', async () => {
      const db = s.t.server.database.db;
      await setEntityActive(db, PAWS_REFERRALS, false);
      try {
        expect(codes((await myEntities(ADMIN)).data)).not.toContain(PAWS_REFERRALS);
        const acting = await s.api.get('/v2/my/entities', {
          token: await tokenOf(ADMIN),
          actingFor: PAWS_REFERRALS,
        });
        expectError(acting, 403);
      } finally {
        await setEntityActive(db, PAWS_REFERRALS, true);
      }
      expect(codes((await myEntities(ADMIN)).data)).toContain(PAWS_REFERRALS);
    });
  });

  describe('the agentEntityCode header', () => {
    it('lets the manager act for a child entity', async () => {
      const body = await myEntities(MANAGER, NORTHWIND_AUSTIN);
      expect(body.acting.entityCode).toBe(NORTHWIND_AUSTIN);
      expect(body.acting.attributes).toEqual([]);
      expect(codes(body.data)).toEqual([NORTHWIND, NORTHWIND_AUSTIN, NORTHWIND_DALLAS].sort());
    });

    it('accepts the code in lower case', async () => {
      expect((await myEntities(MANAGER, NORTHWIND_AUSTIN.toLowerCase())).acting.entityCode).toBe(
        NORTHWIND_AUSTIN,
      );
    });

    it.each([
      ['an entity outside their subtree', MANAGER, LAKESIDE],
      ['their parent', AGENT, NORTHWIND],
      ['a sibling', AGENT, NORTHWIND_DALLAS],
      ['an unknown entity', MANAGER, '9999-9999-ZZ'],
    ])('refuses an external agent acting for %s with 403', async (_name, email, code) => {
      const response = await s.api.get('/v2/my/entities', { token: await tokenOf(email), actingFor: code });
      expectError(response, 403);
      expectError(await s.api.get('/v2/my/profile', { token: await tokenOf(email), actingFor: code }), 403);
    });

    it.each([ADMIN, INTERNAL])('lets staff (%s) act for any entity', async (email) => {
      for (const code of [LAKESIDE, NORTHWIND_AUSTIN, NORTHWIND]) {
        expect((await myEntities(email, code)).acting.entityCode).toBe(code);
      }
    });

    it.each(['ABC', '1234-5678-A1', '12345678AB', '1234-5678-ABC', ' ', '1234-5678-AC; drop table users'])(
      'ignores the malformed code %j: the user acts for their own entity',
      async (code) => {
        expect((await myEntities(MANAGER, code)).acting.entityCode).toBe(NORTHWIND);
      },
    );
  });

  describe('GET /v1/public/entity-brands', () => {
    it('answers without a token with the brand, the environment and that it is a sandbox', async () => {
      const response = await s.api.get('/v1/public/entity-brands');
      expect(response.status).toBe(200);
      const body = BrandResponse.strict().parse(response.body);
      // The stored brand, with SPEC §3's fuller fields made from it: a version it lacks is its normal logo.
      expect(body.data).toEqual({
        ...DEMO_BRAND,
        code: 'default',
        showPoweredBy: true,
        poweredByName: DEMO_BRAND.legalName,
        signedVerticalLogoFile: DEMO_BRAND.verticalLogoFile,
        logos: {
          normal: `${DEMO_BRAND.baseURL}${DEMO_BRAND.horizontalLogoFile}`,
          inverted: `${DEMO_BRAND.baseURL}${DEMO_BRAND.horizontalLogoInvertedFile}`,
          signed: `${DEMO_BRAND.baseURL}${DEMO_BRAND.signedHorizontalLogoFile}`,
        },
      });
      // A server nothing says is production is the sandbox; production's answer: productionMode.test.ts.
      expect(body.environment).toBe('SANDBOX');
      expect(body.sandbox).toEqual({
        businessDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        clockMoved: false,
      });
      expect(body.data).toMatchObject({ legalName: expect.any(String), baseURL: expect.any(String) });
    });

    it('ignores a bad token on the public route', async () => {
      expect((await s.api.get('/v1/public/entity-brands', { token: 'not-a-real-token' })).status).toBe(200);
    });
  });

  describe('GET /v2/lists/access/privileges', () => {
    it('lists every privilege of the catalogue with its parent', async () => {
      const response = await s.api.get('/v2/lists/access/privileges', { token: await tokenOf(ADMIN) });
      expect(response.status).toBe(200);
      const { data } = PrivilegeListResponse.strict().parse(response.body);
      const byId = new Map(data.map((p) => [p.id, p]));
      expect(data.map((p) => p.priv_code).sort()).toEqual(PRIVILEGES.map((p) => p.code).sort());
      for (const definition of PRIVILEGES) {
        const row = data.find((p) => p.priv_code === definition.code)!;
        const parent = row.parent_priv_id === null ? null : byId.get(row.parent_priv_id)!.priv_code;
        expect({
          code: row.priv_code,
          parent,
          description: row.priv_desc,
          grantable: row.is_grantable,
        }).toEqual(definition);
      }
    });

    it.each([AGENT, MANAGER, INTERNAL])('answers %s with 403', async (email) => {
      expectError(await s.api.get('/v2/lists/access/privileges', { token: await tokenOf(email) }), 403);
    });

    it('answers 401 without a token', async () => {
      expectError(await s.api.get('/v2/lists/access/privileges'), 401);
    });
  });
});
