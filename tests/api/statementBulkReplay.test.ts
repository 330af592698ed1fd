import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PROJECTION_TABLES, rebuildProjections } from '../../src/server/projections';
import { statementAggregate } from '../../src/server/domain/commission/statementAggregate';
import {
  addOverride,
  deleteOverride,
  updateOverride,
} from '../../src/server/domain/commission/statementOverrides';
import type { StatementGenerated } from '../../src/server/domain/commission/statementEvents';
import { execute } from '../../src/server/store/aggregate';
import type { EventMetadata, Trx } from '../../src/server/store/eventStore';
import { expectRebuildReproducesReadTables, readTables } from '../support/eventLogChecks';
import { LAKESIDE, NORTHWIND_DALLAS, REVIEWER } from '../support/personas';
import { TEST_METADATA, entityIdOf, userIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// A statement's stream replayed in bulk (statementRows.ts folds it, totals included) must leave the statement,
// its lines and its overrides as the per-event projection leaves them, through every kind of event: lines
// more than one insert holds, overrides added, changed and deleted around a recalculation, and the review and
// payment steps there and back.
type Line = StatementGenerated['lines'][number];

const linesOf = (count: number, cents: number): Line[] =>
  Array.from({ length: count }, (_, i) => ({
    eventId: 1_000 + i,
    policyNumber: `PET-${String(i).padStart(6, '0')}`,
    eventCode: i % 7 === 0 ? 'CANCEL' : 'NEW',
    on: '2026-03-14',
    premiumCents: 40_000 + i,
    ruleId: i % 5 === 0 ? null : 3,
    amountCents: cents,
    explanation: `line ${i + 1}`,
  }));

describe.each(testDatabases())('commission statements replayed in bulk on %s', (database) => {
  const s = useTestServer(database);
  const db = () => s.t.server.database.db;

  async function statement(trx: Trx, entityId: number, lines: Line[], metadata: EventMetadata) {
    const { rows } = await sql<{
      id: number;
    }>`select nextval('commission_statement_id_seq')::int as id`.execute(trx);
    const id = rows[0]!.id;
    const amountCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
    const data = { id, entityId, month: '2026-03', statementOn: '2026-04-01', lines, amountCents };
    await execute(trx, statementAggregate, String(id), [{ type: 'statement.generated', data }], metadata);
    return { id, amountCents };
  }

  it('gives the statement tables the per-event replay gives', async () => {
    const reviewer: EventMetadata = { ...TEST_METADATA, userId: await userIdOf(db(), REVIEWER) };
    const dallas = await entityIdOf(db(), NORTHWIND_DALLAS);
    const lakeside = await entityIdOf(db(), LAKESIDE);
    await db()
      .transaction()
      .execute(async (trx) => {
        const big = await statement(trx, dallas, linesOf(3_500, 125), TEST_METADATA);
        const on = (type: string, data: Record<string, unknown> = {}) =>
          execute(trx, statementAggregate, String(big.id), [{ type, data }], reviewer);
        const bonus = await addOverride(
          trx,
          big.id,
          { typeCode: 'PRODUCTION_BONUS', amountCents: 5_000, note: 'Spring' },
          reviewer,
        );
        const fee = await addOverride(
          trx,
          big.id,
          { typeCode: 'FEE', amountCents: -1_250, note: null },
          TEST_METADATA,
        );
        await updateOverride(trx, big.id, bonus, { amountCents: 7_500, note: null }, reviewer);
        await on('statement.recalculated', {
          statementOn: '2026-04-02',
          lines: linesOf(1_700, 300),
          amountCents: 1_700 * 300,
          previousAmountCents: big.amountCents,
        });
        await deleteOverride(trx, big.id, fee, reviewer);
        await on('statement.downloaded', { format: 'csv' });
        await on('statement.approved');
        await on('statement.unapproved');
        await on('statement.approved');
        const paid = {
          bankAccountVerified: true,
          bankAccountId: null,
          paymentAmountCents: 517_500,
          paidOn: '2026-04-20',
        };
        await on('statement.markedPaid', paid);
        await on('statement.markedUnpaid');

        const small = await statement(trx, lakeside, linesOf(3, 1_000), reviewer);
        const contest = await addOverride(
          trx,
          small.id,
          { typeCode: 'CONTEST', amountCents: 900, note: 'Contest' },
          reviewer,
        );
        await deleteOverride(trx, small.id, contest, reviewer);
      });

    const rows = await expectRebuildReproducesReadTables(db());
    expect(rows).toBeGreaterThan(1_700);
    await rebuildProjections(db(), { bulk: false });
    const eventByEvent = await readTables(db());
    await rebuildProjections(db());
    const bulk = await readTables(db());
    for (const table of PROJECTION_TABLES) expect(bulk[table], table).toEqual(eventByEvent[table]);
    const [paidBack] = await db()
      .selectFrom('commission_statements')
      .select(['override_total_cents', 'payment_total_cents', 'line_count', 'state'])
      .where('entity_id', '=', dallas)
      .execute();
    expect(paidBack).toMatchObject({ line_count: 1_700, state: 'approved' });
    expect(Number(paidBack!.override_total_cents)).toBe(7_500);
    expect(Number(paidBack!.payment_total_cents)).toBe(1_700 * 300 + 7_500);
  });
});
