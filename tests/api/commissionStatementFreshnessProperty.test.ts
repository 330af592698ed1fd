import fc from 'fast-check';
import { testActor } from '../support/records';
import { describe, expect, it } from 'vitest';
import { CommissionRulePage } from '../../src/api/schemas/commissionRules';
import { StatementResponse, type Statement } from '../../src/api/schemas/commissionStatements';
import { recordDemoChange } from '../../src/server/seed/demoRentersChange';
import { statementApi, businessMonth, type Agency } from '../support/commissionStatementApi';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectError } from '../support/http';
import { ADMIN, REVIEWER } from '../support/personas';
import { businessToday } from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Whatever happens to an agency's month — sales, cancellations, generation and recalculation in any order —
// a statement that may be approved pays exactly the agency's rules applied to the month's commissionable
// events, to the cent; one that may not is refused, and recalculating makes it so (docs/decisions/014). The
// expected amount is worked out here from the premium adjustments and the agency's rules as the API lists
// them, independently of statementLines.ts.

const RUNS = 12;

type Step =
  { kind: 'sell' } | { kind: 'cancel'; pick: number } | { kind: 'generate' } | { kind: 'recalculate' };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant<Step>({ kind: 'sell' }),
  fc.nat({ max: 9 }).map((pick): Step => ({ kind: 'cancel', pick })),
  fc.constant<Step>({ kind: 'generate' }),
  fc.constant<Step>({ kind: 'recalculate' }),
);

const commissionOf = (premiumCents: number, percent: number) =>
  Math.sign(premiumCents) * Math.round((Math.abs(premiumCents) * percent) / 100);

describe.each(testDatabases())('an approvable statement pays the rules on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const st = statementApi(e, () => s.t);
  const db = () => s.t.server.database.db;
  const month = businessMonth();

  async function expectedAmountCents(agency: Agency): Promise<number> {
    const rules = await e.get(
      `/v2/entities/${agency.id}/commission-configs?filter[status]=active&filter[stateCode]=TX&limit=100`,
      ADMIN,
    );
    expectStatus(rules, 200);
    const active = CommissionRulePage.parse(rules.body).data;
    const events = await db()
      .selectFrom('premium_adjustments')
      .select(['event_code', 'business_type', 'species', 'premium_cents'])
      .where('entity_id', '=', agency.id)
      .where('event_code', '<>', 'EN')
      .execute();
    let total = 0;
    for (const event of events) {
      const candidates = active.filter(
        (r) =>
          r.event_code === event.event_code &&
          r.business_type === event.business_type &&
          (r.species === event.species || r.species === null),
      );
      const rule = candidates.find((r) => r.species === event.species) ?? candidates[0];
      if (!rule) continue;
      expect(rule.calculation_type).toBe('PERCENT');
      total += commissionOf(Number(event.premium_cents), rule.pay_multiplier);
    }
    return total;
  }

  it('after any sequence of sales, cancellations and recalculations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 6 }), async (steps) => {
        const agency = await st.newAgency();
        const sold: string[] = [(await st.sellRenters(agency)).policyNumber];
        await st.generate(month);
        let statement = await st.statementOf(agency);
        for (const next of steps) {
          if (next.kind === 'sell') sold.push((await st.sellRenters(agency)).policyNumber);
          else if (next.kind === 'cancel' && sold.length > 0) {
            const [policyNumber] = sold.splice(next.pick % sold.length, 1);
            const inputs = {
              reasonCode: 'MOVED_OUT',
              cancellationMethod: 'PRO_RATA',
              cancelDate: businessToday(),
              note: 'Property test',
            };
            await db()
              .transaction()
              .execute((trx) =>
                recordDemoChange(
                  trx,
                  testActor('property'),
                  policyNumber!,
                  'cancel',
                  inputs,
                  businessToday(),
                ),
              );
          } else if (next.kind === 'generate') await st.generate(month);
          else if (next.kind === 'recalculate') {
            const answer = await e.post(st.path(agency.id, statement.id, '/recalculate'), REVIEWER, {
              data: {},
            });
            expectStatus(answer, 200);
          }
        }
        const expected = await expectedAmountCents(agency);
        statement = await st.detail(agency.id, statement.id);
        if (!statement.can.approve) {
          expect(statement.out_of_date).not.toBeNull();
          expect(Math.round(statement.out_of_date!.amount_after * 100)).toBe(expected);
          expectError(await st.command(statement, 'approve', REVIEWER), 409);
          const answer = await e.post(st.path(agency.id, statement.id, '/recalculate'), REVIEWER, {
            data: {},
          });
          expectStatus(answer, 200);
          statement = StatementResponse.parse(answer.body).data;
        }
        expect(statement.can.approve).toBe(true);
        expect(Math.round(statement.amount * 100)).toBe(expected);
        const approved: Statement = await st.commandOk(statement, 'approve', REVIEWER);
        expect(Math.round(approved.amount * 100)).toBe(expected);
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
