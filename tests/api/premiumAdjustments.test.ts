import { beforeAll, describe, expect, it } from 'vitest';
import { testActor } from '../support/records';
import { NwpReportResponse } from '../../src/api/schemas/reports';
import {
  fillPremiumAdjustments,
  adjustmentRow,
} from '../../src/server/domain/reports/premiumAdjustmentProjection';
import { adjustmentsOfStream } from '../../src/server/domain/reports/premiumAdjustments';
import { appendToRentersPolicy } from '../../src/server/domain/rentersPolicies/appendToRentersPolicy';
import { recordDemoChange } from '../../src/server/seed/demoRentersChange';
import { readStream } from '../../src/server/store/eventStore';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { statementApi, type Agency } from '../support/commissionStatementApi';
import { entityApi, expectStatus } from '../support/entityApi';
import { REPORTS } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// The premium adjustments table (premiumAdjustmentProjection.ts) the net written premium report, the
// dashboard and statement generation read: given renters policies renewed, cancelled flat and rewritten, when
// the report sums June, then each adjustment type carries the premium its event says; and the table holds
// exactly what folding each policy log gives, whether kept as events were appended or filled afresh from the
// log (migration 021).

const at = (iso: string) => new Date(iso);
const HISTORY = testActor('test:adjustments');

describe.each(testDatabases())('premium adjustments on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const st = statementApi(e, () => s.t);
  const db = () => s.t.server.database.db;
  let agency: Agency;
  const sold = {} as Record<'renewed' | 'flat' | 'rewrite', { policyNumber: string; premiumCents: number }>;
  const returned = {} as Record<'renewed' | 'flat', number>;
  const RENEWAL_PREMIUM = 55_500;

  const sell = async (soldAt: string, rewriteOf: string | null = null) => {
    const issue = rentersPolicyIssue({
      entityId: agency.id,
      termInterval: 'annual',
      effectiveDate: soldAt.slice(0, 10),
      rewriteOf,
    });
    const issued = await issueTestRentersPolicy(db(), { ...issue, soldAt: at(soldAt) });
    return { policyNumber: issued.policyNumber, premiumCents: issue.termPremiumCents };
  };
  const cancel = (policyNumber: string, method: 'PRO_RATA' | 'FLAT', day: string) =>
    db()
      .transaction()
      .execute((trx) =>
        recordDemoChange(
          trx,
          HISTORY,
          policyNumber,
          'cancel',
          { reasonCode: 'MOVED_OUT', cancellationMethod: method, cancelDate: day, note: null },
          day,
          at(`${day}T15:00:00Z`),
        ),
      );
  const returnedBy = async (policyNumber: string) => {
    const event = await db()
      .selectFrom('events')
      .select('data')
      .where('stream_type', '=', 'renters_policy')
      .where('stream_id', '=', policyNumber)
      .where('type', '=', 'renters.cancelled')
      .executeTakeFirstOrThrow();
    return Number((event.data as { premiumReturnedCents: number }).premiumReturnedCents);
  };

  beforeAll(async () => {
    agency = await st.newAgency({ rules: false });
    // Sold in March, renewed on 1 June into a new term, then cancelled pro rata in that term.
    sold.renewed = await sell('2025-03-01T10:00:00.000Z');
    await db()
      .transaction()
      .execute((trx) =>
        appendToRentersPolicy(
          trx,
          HISTORY,
          sold.renewed.policyNumber,
          [
            {
              type: 'renters.renewed',
              data: {
                effectiveDate: '2025-06-01',
                expirationDate: '2026-06-01',
                termPremiumCents: RENEWAL_PREMIUM,
              },
              recordedAt: at('2025-06-01T08:00:00.000Z'),
            },
          ],
          '2025-06-01',
        ),
      );
    await cancel(sold.renewed.policyNumber, 'PRO_RATA', '2025-06-10');
    // Sold, cancelled flat the next day, and rewritten by a new policy.
    sold.flat = await sell('2025-06-03T09:00:00.000Z');
    await cancel(sold.flat.policyNumber, 'FLAT', '2025-06-04');
    sold.rewrite = await sell('2025-06-05T09:00:00.000Z', sold.flat.policyNumber);
    returned.renewed = await returnedBy(sold.renewed.policyNumber);
    returned.flat = await returnedBy(sold.flat.policyNumber);
  });

  it('sums a renewal, a cancellation in the renewed term, a flat cancellation and a rewrite', async () => {
    const answer = await e.get(
      `/v2/reports/nwp?fromDate=2025-06-01&toDate=2025-06-30&entityCode=${agency.code}`,
      REPORTS,
    );
    expectStatus(answer, 200);
    const report = NwpReportResponse.parse(answer.body).data;
    const total = (key: string) => report.totals.find((t) => `${t.code}/${t.businessType}` === key);
    const dollars = (cents: number) => cents / 100;
    expect(total('RN/RENEWAL')).toMatchObject({ count: 1, premium: dollars(RENEWAL_PREMIUM) });
    expect(total('CN/RENEWAL')).toMatchObject({ count: 1, premium: dollars(-returned.renewed) });
    expect(total('FC/NEW')).toMatchObject({ count: 1, premium: dollars(-returned.flat) });
    expect(total('RW/NEW')).toMatchObject({ count: 1, premium: dollars(sold.rewrite.premiumCents) });
    expect(total('NB/NEW')).toMatchObject({ count: 1, premium: dollars(sold.flat.premiumCents) });
    expect(returned.flat).toBe(sold.flat.premiumCents);
    const net =
      RENEWAL_PREMIUM - returned.renewed - returned.flat + sold.rewrite.premiumCents + sold.flat.premiumCents;
    expect(report.sumOfTotals).toEqual({ count: 5, premium: dollars(net) });
  });

  // Every policy stream of the log folded here, compared with the table the projection kept.
  const foldedFromLog = async () => {
    const streams = await db()
      .selectFrom('events')
      .select(['stream_type', 'stream_id'])
      .distinct()
      .where('stream_type', 'in', ['policy', 'renters_policy'])
      .execute();
    const rows = [];
    for (const { stream_type, stream_id } of streams) {
      const stream = await db()
        .transaction()
        .execute((trx) => readStream(trx, stream_type, stream_id));
      rows.push(...adjustmentsOfStream(stream).map(adjustmentRow));
    }
    return rows.map(normalise).sort(byEvent);
  };
  const tableRows = async () =>
    (
      await db()
        .selectFrom('premium_adjustments')
        .selectAll()
        .select((eb) => eb.fn<string>('to_char', [eb.ref('on'), eb.val('YYYY-MM-DD')]).as('on'))
        .execute()
    )
      .map(normalise)
      .sort(byEvent);

  it('holds exactly the adjustments a fold of every policy log gives', async () => {
    const expected = await foldedFromLog();
    expect(expected.length).toBeGreaterThan(5);
    expect(await tableRows()).toEqual(expected);
  });

  it('fills itself from the log when a book kept from before the table is migrated', async () => {
    const before = await tableRows();
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('premium_adjustments').execute();
        await fillPremiumAdjustments(trx);
      });
    expect(await tableRows()).toEqual(before);
  });
});

interface Row {
  event_id: string | number;
  on: string | Date;
  premium_cents: number;
  [column: string]: unknown;
}

function normalise(row: Row) {
  return {
    ...row,
    event_id: Number(row.event_id),
    on: typeof row.on === 'string' ? row.on : row.on.toISOString().slice(0, 10),
    premium_cents: Number(row.premium_cents),
  };
}
const byEvent = (a: { event_id: number }, b: { event_id: number }) => a.event_id - b.event_id;
