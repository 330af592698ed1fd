import { describe, expect, it } from 'vitest';
import { CommissionRulePage, CommissionRuleResponse } from '../../src/api/schemas/commissionRules';
import {
  RuleImpactResponse,
  StatementPage,
  StatementResponse,
} from '../../src/api/schemas/commissionStatements';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { expectValidationError } from '../support/http';
import { ADMIN, HOUSE, INTERNAL, REVIEWER, SUMMIT } from '../support/personas';
import { purchasePolicies } from '../support/policyFixtures';
import { entityIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';
import { businessMonth } from '../support/businessToday';

const MONTH = businessMonth();
const percentOf = (premiumCents: number, basisPoints: number) =>
  Math.floor((premiumCents * basisPoints * 2 + 10_000) / 20_000) / 100;

// Issue 7 "Rate rules": editing a rule shows which unapproved statements it would change, and by how much,
// before it is saved; saving recalculates them, and leaves approved ones as the reviewer saw them.
describe.each(testDatabases())('a rule change and the statements it touches on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;

  it('previews the change, recalculates pending statements on save, and keeps approved ones', async () => {
    const summit = await entityIdOf(db(), SUMMIT);
    const { policies } = await purchasePolicies(s.t, {
      email: INTERNAL,
      actingFor: SUMMIT,
      petNames: ['Rex'],
    });
    const issued = await db()
      .selectFrom('policies')
      .select('annual_premium_cents')
      .where('policy_number', '=', policies[0]!.policyNumber)
      .executeTakeFirstOrThrow();
    const premium = Number(issued.annual_premium_cents);
    expectStatus(await e.post('/v2/commission-statements/generate', ADMIN, { data: { month: MONTH } }), 200);
    const statementOf = async () => {
      const page = StatementPage.parse(
        (await e.get(`/v2/entities/${summit}/commission-statements?filter[date]=${MONTH}`, REVIEWER)).body,
      );
      const row = page.data[0]!;
      return StatementResponse.parse(
        (await e.get(`/v2/entities/${summit}/commission-statements/${row.id}`, REVIEWER)).body,
      ).data;
    };
    const before = await statementOf();
    expect(before.amount).toBe(percentOf(premium, 1500));

    const rules = CommissionRulePage.parse(
      (
        await e.get(
          `/v2/entities/${summit}/commission-configs?filter[eventCode]=NB&filter[speciesCode]=DOG&filter[status]=active`,
          ADMIN,
        )
      ).body,
    ).data;
    const rule = rules[0]!;
    const rulePath = `/v2/entities/${summit}/commission-configs/${rule.id}`;

    const impact = await e.post(`${rulePath}/impact`, ADMIN, {
      data: { pay_multiplier: 20, version: rule.version },
    });
    expectStatus(impact, 200);
    expect(RuleImpactResponse.parse(impact.body).data).toEqual([
      {
        statement_id: before.id,
        statement_month: MONTH,
        amount_before: before.amount,
        amount_after: percentOf(premium, 2000),
        difference: Math.round((percentOf(premium, 2000) - before.amount) * 100) / 100,
      },
    ]);
    // The preview stored nothing.
    expect((await statementOf()).version).toBe(before.version);

    const saved = await e.patch(rulePath, ADMIN, { data: { pay_multiplier: 20, version: rule.version } });
    expectStatus(saved, 200);
    const recalculated = await statementOf();
    expect(recalculated.amount).toBe(percentOf(premium, 2000));
    expect(recalculated.lines[0]!.explanation).toBe(
      `20% of $${(premium / 100).toFixed(2)} = $${percentOf(premium, 2000).toFixed(2)} (rule ${rule.id}).`,
    );
    expect(recalculated.history.map((h) => h.type)).toContain('statement.recalculated');

    expectStatus(
      await e.post(`/v2/entities/${summit}/commission-statements/${before.id}/approve`, REVIEWER, {
        data: {},
      }),
      200,
    );
    const version = CommissionRuleResponse.parse(saved.body).data.version;
    const noImpact = await e.post(`${rulePath}/impact`, ADMIN, { data: { pay_multiplier: 25, version } });
    expect(RuleImpactResponse.parse(noImpact.body).data).toEqual([]);
    expectStatus(await e.patch(rulePath, ADMIN, { data: { pay_multiplier: 25, version } }), 200);
    const approved = await statementOf();
    expect(approved).toMatchObject({ state: 'approved', amount: percentOf(premium, 2000) });
  });

  it('answers a bad rule with field messages and a viewer with 403, storing nothing', async () => {
    const summit = await entityIdOf(db(), SUMMIT);
    const bad = await e.post(`/v2/entities/${summit}/commission-configs/impact`, ADMIN, {
      data: {
        business_type: 'NEW',
        calculation_type: 'PERCENT',
        event_code: 'NB',
        state_codes: ['TX'],
        species: null,
        pay_multiplier: 150,
        effective_date: '2026-01-01',
      },
    });
    expectValidationError(bad, ['data.pay_multiplier']);
    const viewer = await userWith(db(), {
      entityCode: HOUSE,
      userType: 'internal',
      privilegeCodes: ['admin_ent_list'],
    });
    const forbidden = await e.post(`/v2/entities/${summit}/commission-configs/impact`, viewer, {
      data: { pay_multiplier: 10 },
    });
    expectStatus(forbidden, 403);
  });
});
