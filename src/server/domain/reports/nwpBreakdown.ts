import { sql, type RawBuilder } from 'kysely';
import { NWP_NO_ATTRIBUTION, type NwpBreakdown, type NwpGroupBy } from '../../../api/schemas/reports';
import type { Db } from '../../store/db';
import { dollars } from '../rating/wireAmounts';
import { summarizeNwp, type AdjustmentType } from './netWrittenPremium';
import { adjustmentsIn, type AdjustmentGroup, type AdjustmentWindow } from './premiumAdjustments';

// The net written premium report's breakdown (docs/reports.md "Attribution"): the period's adjustments summed
// per value of one attribution of the quote each pet policy was bought on, every adjustment in exactly one
// group ("none" for renters sales and quotes without it), so the groups add up to the report's totals.

// The group's value and its name where the product keeps one. Partner codes are grouped in upper case, as
// the filter compares them in any case; no value is then lower case, so none is "none".
const GROUPED_BY: Record<NwpGroupBy, { value: RawBuilder<string | null>; label: RawBuilder<string | null> }> =
  {
    quotingPlatform: { value: sql`q.quoting_platform`, label: sql`null::text` },
    quoteMethod: { value: sql`q.quote_method`, label: sql`null::text` },
    entitySource: { value: sql`q.entity_source_id::text`, label: sql`max(s.name)` },
    partnerCode: { value: sql`upper(t.partner_code)`, label: sql`max(t.partner_name)` },
  };

interface GroupRows {
  label: string | null;
  rows: AdjustmentGroup[];
}

// One query: each adjustment reaches its policy, quote, tracking and source by their primary keys (a renters
// adjustment joins nothing and falls in "none"). The breakdown has no months, so its rows carry no day.
async function groupRows(
  db: Db,
  window: AdjustmentWindow,
  groupBy: NwpGroupBy,
): Promise<Map<string, GroupRows>> {
  const { value, label } = GROUPED_BY[groupBy];
  const rows = await adjustmentsIn(db, window)
    .leftJoin('policies as p', (join) =>
      join.onRef('p.policy_number', '=', 'a.policy_number').on('a.line', '=', 'PET'),
    )
    .leftJoin('quotes as q', 'q.uuid', 'p.quote_uuid')
    .leftJoin('quote_tracking as t', 't.quote_uuid', 'q.uuid')
    .leftJoin('entity_quote_sources as s', 's.id', 'q.entity_source_id')
    .select([
      value.as('value'),
      label.as('label'),
      'a.event_code',
      'a.business_type',
      'a.line',
      sql<string>`count(*)`.as('count'),
      sql<string>`coalesce(sum(a.premium_cents), 0)`.as('premium'),
    ])
    .groupBy([value, 'a.event_code', 'a.business_type', 'a.line'])
    .execute();
  const groups = new Map<string, GroupRows>();
  for (const row of rows) {
    const key = row.value ?? NWP_NO_ATTRIBUTION;
    const group = groups.get(key) ?? { label: null, rows: [] };
    group.label ??= row.value === null ? null : row.label;
    const premiumCents = Number(row.premium);
    group.rows.push({
      on: window.fromDay,
      eventCode: row.event_code,
      businessType: row.business_type,
      line: row.line,
      count: Number(row.count),
      premiumCents,
      writtenCents: 0,
      returnedCents: 0,
    });
    groups.set(key, group);
  }
  return groups;
}

// Values in order, "none" last.
const byValue = (a: string, b: string) =>
  a === NWP_NO_ATTRIBUTION ? 1 : b === NWP_NO_ATTRIBUTION ? -1 : a.localeCompare(b, 'en', { numeric: true });

export async function nwpBreakdown(
  db: Db,
  window: AdjustmentWindow,
  groupBy: NwpGroupBy,
  types: readonly AdjustmentType[],
): Promise<NwpBreakdown> {
  const groups = await groupRows(db, window, groupBy);
  const period = { fromDay: window.fromDay, toDay: window.fromDay };
  return {
    groupBy,
    groups: [...groups.keys()].sort(byValue).map((value) => {
      const { label, rows } = groups.get(value)!;
      const summary = summarizeNwp(rows, types, period);
      return {
        value,
        label,
        count: summary.sumOfTotals.count,
        premium: dollars(summary.sumOfTotals.premiumCents),
        totals: summary.totals.map(({ premiumCents, ...t }) => ({ ...t, premium: dollars(premiumCents) })),
      };
    }),
  };
}
