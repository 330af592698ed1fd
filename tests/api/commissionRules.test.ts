import { beforeAll, describe, expect, it } from 'vitest';
import {
  CommissionListResponse,
  CommissionRuleGenerateResponse,
  CommissionRulePage,
  CommissionRuleResponse,
  type CommissionRule,
  type CommissionRuleCreate,
} from '../../src/api/schemas/commissionRules';
import { EntityResponse } from '../../src/api/schemas/entities';
import { PROJECTION_TABLES, rebuildProjections } from '../../src/server/projections';
import type { Db } from '../../src/server/store/db';
import { entityApi, expectStatus, uniqueEntityCode, userWith } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import { ADMIN, HOUSE, LAKESIDE, MANAGER, NORTHWIND, REVIEWER } from '../support/personas';
import { entityIdOf, setEntityActive } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';
import { businessToday } from '../support/businessToday';

const TODAY = businessToday();

const NB_TX: CommissionRuleCreate = {
  business_type: 'NEW',
  calculation_type: 'PERCENT',
  event_code: 'nb',
  state_codes: ['tx', 'OK'],
  species: null,
  pay_multiplier: 15.5,
  effective_date: '2026-01-01',
  expiration_date: null,
};

async function ruleRows(db: Db, entityId: number) {
  return db
    .selectFrom('commission_rules')
    .selectAll()
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
}

// /v2/entities/{entityId}/commission-configs (docs/commission.md "Storage and API").
describe.each(testDatabases())('commission rate rules on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const path = (entityId: number, rest = '') => `/v2/entities/${entityId}/commission-configs${rest}`;

  // A fresh agency under Northwind per test, so each starts without rules.
  const newAgency = async () => {
    const response = await e.post('/v2/entities', ADMIN, {
      entity_code: uniqueEntityCode(),
      entity_name: 'Prairie Pet Agency',
      master_entity_id: await entityIdOf(db(), NORTHWIND),
      type_code: 'AGENCY',
    });
    expectStatus(response, 201);
    return EntityResponse.parse(response.body).data.id;
  };
  const create = async (entityId: number, data: Partial<CommissionRuleCreate> = {}, as = ADMIN) => {
    const response = await e.post(path(entityId), as, { data: { ...NB_TX, ...data } });
    expectStatus(response, 201);
    return CommissionRuleResponse.parse(response.body).data;
  };
  const list = async (entityId: number, query = '') => {
    const response = await e.get(`${path(entityId)}${query}`, ADMIN);
    expectStatus(response, 200);
    return CommissionRulePage.parse(response.body);
  };
  const ids = (rules: readonly CommissionRule[]) => rules.map((r) => r.id).sort((a, b) => a - b);

  let entityEditor = '';
  let entityViewer = '';
  beforeAll(async () => {
    entityEditor = await userWith(db(), {
      entityCode: HOUSE,
      userType: 'internal',
      privilegeCodes: ['admin_ent_edit'],
    });
    entityViewer = await userWith(db(), {
      entityCode: HOUSE,
      userType: 'internal',
      privilegeCodes: ['admin_ent_list'],
    });
  });

  it('creates a rule: percent in basis points inside, states upper-cased, status from the dates', async () => {
    const agency = await newAgency();
    const rule = await create(agency);
    expect(rule).toMatchObject({
      entity_id: agency,
      event_code: 'NB',
      state_codes: ['TX', 'OK'],
      species: null,
      pay_multiplier: 15.5,
      effective_date: '2026-01-01',
      expiration_date: null,
      version: 1,
      status: TODAY >= '2026-01-01' ? 'active' : 'future',
    });
    const [row] = await ruleRows(db(), agency);
    expect(row).toMatchObject({ id: rule.id, pay_multiplier: 1550, state_codes: ['TX', 'OK'] });

    const flat = await create(agency, {
      calculation_type: 'FLAT',
      event_code: 'EN',
      pay_multiplier: 25,
      species: 'DOG',
      expiration_date: '2026-06-01',
    });
    expect(flat.pay_multiplier).toBe(25);
    expect((await ruleRows(db(), agency)).find((r) => r.id === flat.id)?.pay_multiplier).toBe(2500);
  });

  it('refuses an overlapping rule naming the rule it overlaps, and stores nothing', async () => {
    const agency = await newAgency();
    const first = await create(agency);
    const before = await ruleRows(db(), agency);
    const eventsBefore = await db()
      .selectFrom('events')
      .select('position')
      .where('stream_type', '=', 'commission_rule')
      .execute();

    const response = await e.post(path(agency), ADMIN, {
      data: { ...NB_TX, state_codes: ['CA', 'TX'], effective_date: '2026-03-01', pay_multiplier: 12 },
    });
    const body = expectValidationError(response, ['data.effective_date']);
    expect(body.errors['data.effective_date']).toEqual([
      `Overlaps rule ${first.id} (TX, NB, any species, 2026-01-01 – open).`,
    ]);
    expect(await ruleRows(db(), agency)).toEqual(before);
    const eventsAfter = await db()
      .selectFrom('events')
      .select('position')
      .where('stream_type', '=', 'commission_rule')
      .execute();
    expect(eventsAfter.length).toBe(eventsBefore.length);

    // Not overlaps: another species, another state, an adjacent period, another event or business type.
    await create(agency, { species: 'DOG' });
    await create(agency, { state_codes: ['CA'] });
    await create(agency, { effective_date: '2025-01-01', expiration_date: '2026-01-01' });
    await create(agency, { event_code: 'CN' });
    await create(agency, { business_type: 'RENEWAL', event_code: 'CN' });
    expect((await list(agency)).meta.total).toBe(6);
  });

  it('lets only one of two concurrent overlapping creates land', async () => {
    const agency = await newAgency();
    await e.tokenOf(ADMIN);
    const [a, b] = await Promise.all([
      e.post(path(agency), ADMIN, { data: NB_TX }),
      e.post(path(agency), ADMIN, { data: { ...NB_TX, state_codes: ['TX'], pay_multiplier: 9 } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 422]);
    const loser = a.status === 422 ? a : b;
    expect(JSON.stringify(loser.body)).toContain('Overlaps rule');
    expect(await ruleRows(db(), agency)).toHaveLength(1);
  });

  it('lists with the SPEC filters, paging and sorting', async () => {
    const agency = await newAgency();
    const nb = await create(agency);
    const dog = await create(agency, {
      species: 'DOG',
      state_codes: ['CA'],
      calculation_type: 'FLAT',
      pay_multiplier: 30,
    });
    const rn = await create(agency, {
      business_type: 'RENEWAL',
      event_code: 'RN',
      species: 'RENTERS',
      state_codes: ['FL'],
    });
    const old = await create(agency, { effective_date: '2024-01-01', expiration_date: '2025-01-01' });
    const later = await create(agency, { effective_date: '2099-01-01', state_codes: ['WA'] });

    expect(ids((await list(agency)).data)).toEqual(ids([nb, dog, rn, old, later]));
    expect(ids((await list(agency, '?filter[eventCode]=RN')).data)).toEqual([rn.id]);
    expect(ids((await list(agency, '?filter[stateCode]=tx')).data)).toEqual(ids([nb, old]));
    expect(ids((await list(agency, '?filter[speciesCode]=DOG')).data)).toEqual([dog.id]);
    expect(ids((await list(agency, '?filter[speciesCode]=ANY')).data)).toEqual(ids([nb, old, later]));
    expect(ids((await list(agency, '?filter[businessType]=RENEWAL')).data)).toEqual([rn.id]);
    expect(ids((await list(agency, '?filter[calculationType]=FLAT')).data)).toEqual([dog.id]);
    expect(ids((await list(agency, '?filter[status]=expired')).data)).toEqual([old.id]);
    expect(ids((await list(agency, '?filter[status]=future')).data)).toEqual([later.id]);
    const active = (await list(agency, '?filter[status]=active')).data;
    expect(active.every((r) => r.status === 'active')).toBe(true);
    expect(ids(active)).toEqual(TODAY >= '2026-01-01' ? ids([nb, dog, rn]) : []);

    const page = await list(agency, '?sort=effectiveDate&order=asc&limit=2&page=1');
    expect(page.data.map((r) => r.id)).toEqual([old.id, nb.id]);
    expect(page.meta).toMatchObject({ total: 5, page: { number: 1, limit: 2, from: 1, to: 2 } });
    const last = await list(agency, '?sort=effectiveDate&order=asc&limit=2&page=3');
    expect(last.data.map((r) => r.id)).toEqual([later.id]);

    expectValidationError(await e.get(`${path(agency)}?filter[status]=soon`, ADMIN), ['filter.status']);
    expectValidationError(await e.get(`${path(agency)}?sort=nope`, ADMIN), ['sort']);
  });

  it('edits with the version, refuses a stale one and an edit into an overlap', async () => {
    const agency = await newAgency();
    const rule = await create(agency);
    const other = await create(agency, { state_codes: ['CA'] });
    const response = await e.patch(path(agency, `/${rule.id}`), ADMIN, {
      data: { pay_multiplier: 17, species: 'CAT', version: rule.version },
    });
    expectStatus(response, 200);
    const edited = CommissionRuleResponse.parse(response.body).data;
    expect(edited).toMatchObject({
      pay_multiplier: 17,
      species: 'CAT',
      state_codes: ['TX', 'OK'],
      version: 2,
    });

    expectError(
      await e.patch(path(agency, `/${rule.id}`), ADMIN, { data: { pay_multiplier: 18, version: 1 } }),
      409,
    );

    const overlap = await e.patch(path(agency, `/${other.id}`), ADMIN, {
      data: { state_codes: ['CA', 'OK'], species: 'CAT', version: other.version },
    });
    const body = expectValidationError(overlap, ['data.effective_date']);
    expect(body.errors['data.effective_date']![0]).toBe(
      `Overlaps rule ${rule.id} (OK, NB, CAT, 2026-01-01 – open).`,
    );
    expect((await ruleRows(db(), agency)).find((r) => r.id === other.id)).toMatchObject({
      state_codes: ['CA'],
      species: null,
      version: 1,
    });
    expectError(
      await e.patch(path(agency, '/999999'), ADMIN, { data: { pay_multiplier: 1, version: 1 } }),
      404,
    );
  });

  it('expires a rule (today by default, never before it took effect) and then refuses to change it', async () => {
    const agency = await newAgency();
    const rule = await create(agency, { effective_date: '2025-01-01' });
    expectValidationError(
      await e.post(path(agency, `/${rule.id}/expire`), ADMIN, { data: { expiration_date: '2024-12-31' } }),
      ['data.expiration_date'],
    );
    const response = await e.post(path(agency, `/${rule.id}/expire`), ADMIN, { data: {} });
    expectStatus(response, 200);
    expect(CommissionRuleResponse.parse(response.body).data).toMatchObject({
      expiration_date: TODAY,
      status: 'expired',
      version: 2,
    });
    expectError(await e.post(path(agency, `/${rule.id}/expire`), ADMIN, { data: {} }), 409);
    expectError(
      await e.patch(path(agency, `/${rule.id}`), ADMIN, { data: { pay_multiplier: 1, version: 2 } }),
      409,
    );

    // A rule taking over from today does not overlap the expired one.
    await create(agency, { effective_date: TODAY });

    // Lengthening a rule by expiring it later is checked for overlaps too.
    const early = await create(agency, {
      species: 'DOG',
      effective_date: '2025-01-01',
      expiration_date: '2025-06-01',
    });
    await create(agency, { species: 'DOG', effective_date: '2025-06-01', expiration_date: '2025-09-01' });
    const longer = await e.post(path(agency, `/${early.id}/expire`), ADMIN, {
      data: { expiration_date: '2025-07-01' },
    });
    expect(longer.status).toBe(409); // already expired
    const future = await create(agency, {
      species: 'CAT',
      effective_date: '2099-01-01',
      expiration_date: '2099-02-01',
    });
    await create(agency, { species: 'CAT', effective_date: '2099-02-01' });
    const overlap = await e.post(path(agency, `/${future.id}/expire`), ADMIN, {
      data: { expiration_date: '2099-03-01' },
    });
    expect(
      expectValidationError(overlap, ['data.expiration_date']).errors['data.expiration_date']![0],
    ).toMatch(/^Overlaps rule/);
  });

  it('generates an agency’s rules from the house rules, and running it again creates nothing', async () => {
    const agency = await newAgency();
    const house = await entityIdOf(db(), HOUSE);
    const houseRules = (await list(house, '?limit=100')).data;
    const inForce = houseRules.filter(
      (r) =>
        r.effective_date <= '2026-02-01' && (r.expiration_date === null || '2026-02-01' < r.expiration_date),
    );
    expect(inForce.length).toBeGreaterThan(5);
    // The agency already pays its own dog NB rate in TX: that house rule is skipped.
    const own = await create(agency, { species: 'DOG', state_codes: ['TX'], effective_date: '2026-01-01' });

    const first = await e.post(path(agency, '/generate'), ADMIN, { data: { effective_date: '2026-02-01' } });
    expectStatus(first, 200);
    const result = CommissionRuleGenerateResponse.parse(first.body).data;
    expect(result.created).toBe(inForce.length - 1);
    expect(result.skipped).toHaveLength(1);
    expect(result.skipped[0]!.rule).toMatchObject({ entity_id: house, event_code: 'NB', species: 'DOG' });
    expect(result.skipped[0]!.reason).toContain(`Overlaps rule ${own.id} (TX, NB, DOG`);

    const copies = (await list(agency, '?limit=100')).data.filter((r) => r.id !== own.id);
    expect(copies.every((r) => r.effective_date === '2026-02-01')).toBe(true);
    const again = CommissionRuleGenerateResponse.parse(
      (await e.post(path(agency, '/generate'), ADMIN, { data: { effective_date: '2026-02-01' } })).body,
    ).data;
    expect(again.created).toBe(0);
    expect(again.skipped).toHaveLength(inForce.length);
    expect((await list(agency, '?limit=100')).meta.total).toBe(inForce.length);

    expectValidationError(
      await e.post(path(house, '/generate'), ADMIN, { data: { effective_date: '2026-02-01' } }),
      ['data.template_entity_id'],
    );
    expectValidationError(
      await e.post(path(agency, '/generate'), ADMIN, {
        data: { template_entity_id: 999999, effective_date: '2026-02-01' },
      }),
      ['data.template_entity_id'],
    );
  });

  it('seeds the house schedule and every demo agency’s copy of it', async () => {
    const northwind = await list(
      await entityIdOf(db(), NORTHWIND),
      '?filter[eventCode]=NB&filter[speciesCode]=RENTERS',
    );
    expect(northwind.data).toHaveLength(1);
    expect(northwind.data[0]).toMatchObject({
      pay_multiplier: 12,
      state_codes: expect.arrayContaining(['TX', 'CA']),
    });
    const house = await list(await entityIdOf(db(), HOUSE), '?filter[status]=expired');
    expect(house.data.map((r) => r.event_code)).toEqual(['NB']);
  });

  it('answers 422 for bad input and changes nothing', async () => {
    const agency = await newAgency();
    const bad: [Record<string, unknown>, string[]][] = [
      [{ state_codes: [] }, ['data.state_codes']],
      [{ state_codes: ['ZZ'] }, ['data.state_codes']],
      [{ event_code: 'AU' }, ['data.event_code']],
      [{ event_code: 'XX' }, ['data.event_code']],
      [{ event_code: 'RN' }, ['data.event_code']], // renewal only
      [{ species: 'FISH' }, ['data.species']],
      [{ pay_multiplier: 101 }, ['data.pay_multiplier']],
      [{ pay_multiplier: 15.555 }, ['data.pay_multiplier']],
      [{ pay_multiplier: -1 }, ['data.pay_multiplier']],
      [{ pay_multiplier: '15' }, ['data.pay_multiplier']],
      [{ calculation_type: 'FLAT', pay_multiplier: 10_001 }, ['data.pay_multiplier']],
      [{ effective_date: '2026-02-30' }, ['data.effective_date']],
      [{ expiration_date: '2025-12-31' }, ['data.expiration_date']],
      [{ business_type: 'OLD' }, ['data.business_type']],
      [{ surprise: 1 }, ['data.surprise']],
    ];
    for (const [change, fields] of bad) {
      expectValidationError(await e.post(path(agency), ADMIN, { data: { ...NB_TX, ...change } }), fields);
    }
    expectValidationError(await e.post(path(agency), ADMIN, NB_TX), ['data']);
    expect(await ruleRows(db(), agency)).toEqual([]);
  });

  it('checks privileges and scope: 403 without entity administration, 404 for unknown entities', async () => {
    const agency = await newAgency();
    const rule = await create(agency, {}, entityEditor);
    for (const who of [MANAGER, REVIEWER]) {
      expectError(await e.get(path(agency), who), 403);
      expectError(await e.post(path(agency), who, { data: NB_TX }), 403);
      expectError(await e.post(path(agency, `/${rule.id}/expire`), who, { data: {} }), 403);
      expectError(await e.post(path(agency, '/generate'), who, { data: { effective_date: TODAY } }), 403);
    }
    expectStatus(await e.get(path(agency), entityViewer), 200);
    expectError(await e.post(path(agency), entityViewer, { data: { ...NB_TX, state_codes: ['CA'] } }), 403);
    expectError(
      await e.patch(path(agency, `/${rule.id}`), entityViewer, { data: { pay_multiplier: 1, version: 1 } }),
      403,
    );
    expectError(await e.get(path(999999), ADMIN), 404);
    expectError(await e.post(path(999999), ADMIN, { data: NB_TX }), 404);

    // An external entity administrator of Lakeside sees nothing of Northwind's subtree.
    const lakesideAdmin = await userWith(db(), {
      entityCode: LAKESIDE,
      userType: 'external',
      privilegeCodes: ['admin_ent_list', 'admin_ent_edit'],
    });
    expectError(await e.get(path(agency), lakesideAdmin), 404);
    expectError(
      await e.patch(path(agency, `/${rule.id}`), lakesideAdmin, { data: { pay_multiplier: 1, version: 1 } }),
      404,
    );
    // A rule id of another entity is not found under this one.
    const other = await newAgency();
    expectError(await e.post(path(other, `/${rule.id}/expire`), ADMIN, { data: {} }), 404);
  });

  it('refuses changes to an inactive entity’s rules but still lists them', async () => {
    const agency = await newAgency();
    const rule = await create(agency);
    const code = (
      await db()
        .selectFrom('entities')
        .select('entity_code')
        .where('id', '=', agency)
        .executeTakeFirstOrThrow()
    ).entity_code;
    await setEntityActive(db(), code, false);
    expectError(await e.post(path(agency), ADMIN, { data: { ...NB_TX, state_codes: ['CA'] } }), 409);
    expectError(await e.post(path(agency, `/${rule.id}/expire`), ADMIN, { data: {} }), 409);
    expect((await list(agency)).data.map((r) => r.id)).toEqual([rule.id]);
  });

  it('serves the business and calculation type lists', async () => {
    const business = CommissionListResponse.parse(
      (await e.get('/v2/lists/commission/business-types', ADMIN)).body,
    );
    expect(business.data.map((t) => t.code)).toEqual(['NEW', 'RENEWAL']);
    const calculation = CommissionListResponse.parse(
      (await e.get('/v2/lists/commission/calculation-types', ADMIN)).body,
    );
    expect(calculation.data.map((t) => t.code)).toEqual(['PERCENT', 'FLAT']);
  });

  it('rebuilds the rules table from the log unchanged', async () => {
    const agency = await newAgency();
    const rule = await create(agency);
    await e.patch(path(agency, `/${rule.id}`), ADMIN, { data: { pay_multiplier: 20, version: 1 } });
    await create(agency, { species: 'DOG', effective_date: '2024-01-01', expiration_date: '2099-01-01' });
    expect(PROJECTION_TABLES).toContain('commission_rules');
    const before = await db().selectFrom('commission_rules').selectAll().orderBy('id').execute();
    await rebuildProjections(db());
    expect(await db().selectFrom('commission_rules').selectAll().orderBy('id').execute()).toEqual(before);
  });
});
