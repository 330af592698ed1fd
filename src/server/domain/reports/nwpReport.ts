import type { NwpFilters, NwpGroupBy, NwpReport } from '../../../api/schemas/reports';
import { NWP_MAX_DAYS } from '../../../api/schemas/reports';
import type { EntityScope } from '../../access/principal';
import type { Db } from '../../store/db';
import { csvLine } from '../documents/csv';
import { dollars } from '../rating/wireAmounts';
import { summarizeNwp } from './netWrittenPremium';
import { nwpBreakdown } from './nwpBreakdown';
import { nwpCsvAttribution } from './nwpCsvAttribution';
import { hasAttribution, type SaleAttribution } from './saleAttribution';
import {
  adjustmentGroupsBetween,
  countAdjustmentsBetween,
  premiumAdjustmentBatches,
  type AdjustmentWindow,
  type PremiumAdjustment,
} from './premiumAdjustments';

// Runs the net written premium report for a caller: resolves the period (default: the year to date)
// and the entity (within the caller's reach), reads the adjustments and sums them.

export interface NwpProblem {
  field: 'fromDate' | 'toDate' | 'entityCode';
  message: string;
}

export interface NwpRun {
  fromDay: string;
  toDay: string;
  stateCode?: string;
  entity: { id: number; entityCode: string; entityName: string; path: string } | null;
  entityPath?: string;
  // Where the sales came from and what to group them by (docs/reports.md "Attribution").
  attribution?: SaleAttribution;
  groupBy?: NwpGroupBy;
}

const dayCount = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

export async function resolveNwpRun(
  db: Db,
  scope: EntityScope,
  query: NwpFilters,
  today: string,
): Promise<NwpRun | NwpProblem> {
  const toDay = query.toDate ?? today;
  const fromDay = query.fromDate ?? `${toDay.slice(0, 4)}-01-01`;
  if (fromDay > toDay) return { field: 'toDate', message: 'The end date must not be before the start date.' };
  if (dayCount(fromDay, toDay) > NWP_MAX_DAYS)
    return { field: 'fromDate', message: `The period must be at most ${NWP_MAX_DAYS} days.` };
  let entity: NwpRun['entity'] = null;
  if (query.entityCode) {
    let lookup = db
      .selectFrom('entities')
      .select(['id', 'entity_code', 'entity_name', 'path'])
      .where('entity_code', '=', query.entityCode);
    if (scope.kind === 'subtree') lookup = lookup.where('path', 'like', `${scope.path}%`);
    const row = await lookup.executeTakeFirst();
    // The same answer for an unknown code and one outside the caller's hierarchy.
    if (!row) return { field: 'entityCode', message: 'No entity with this code is within your reach.' };
    entity = { id: row.id, entityCode: row.entity_code, entityName: row.entity_name, path: row.path };
  }
  const entityPath = entity?.path ?? (scope.kind === 'subtree' ? scope.path : undefined);
  const { quotingPlatform, quoteMethod, entitySourceId, partnerCode } = query;
  const attribution = { quotingPlatform, quoteMethod, entitySourceId, partnerCode };
  return {
    fromDay,
    toDay,
    stateCode: query.stateCode,
    entity,
    entityPath,
    attribution: hasAttribution(attribution) ? attribution : undefined,
    groupBy: query.groupBy,
  };
}

export const isProblem = (run: NwpRun | NwpProblem): run is NwpProblem => 'field' in run;

const windowOf = (run: NwpRun): AdjustmentWindow => ({
  fromDay: run.fromDay,
  toDay: run.toDay,
  stateCode: run.stateCode,
  entityPath: run.entityPath,
  attribution: run.attribution,
});

export async function nwpReport(db: Db, run: NwpRun): Promise<NwpReport> {
  const [adjustments, types] = await Promise.all([
    adjustmentGroupsBetween(db, windowOf(run)),
    db
      .selectFrom('event_types')
      .select(['code', 'description', 'category', 'allow_new_business', 'allow_renewal', 'is_enabled'])
      .orderBy('sort_order')
      .execute(),
  ]);
  const summary = summarizeNwp(adjustments, types, { fromDay: run.fromDay, toDay: run.toDay });
  const breakdown = run.groupBy && (await nwpBreakdown(db, windowOf(run), run.groupBy, types));
  return {
    fromDate: run.fromDay,
    toDate: run.toDay,
    stateCode: run.stateCode ?? null,
    entity: run.entity && { entityCode: run.entity.entityCode, entityName: run.entity.entityName },
    sumOfTotals: { count: summary.sumOfTotals.count, premium: dollars(summary.sumOfTotals.premiumCents) },
    totals: summary.totals.map(({ premiumCents, ...t }) => ({ ...t, premium: dollars(premiumCents) })),
    lines: summary.lines.map(({ premiumCents, ...l }) => ({ ...l, premium: dollars(premiumCents) })),
    months: summary.months.map((m) => ({
      month: m.month,
      count: m.count,
      written: dollars(m.writtenCents),
      returned: dollars(m.returnedCents),
      premium: dollars(m.premiumCents),
    })),
    // Only when asked for, so the report without them is the one SPEC describes.
    ...(run.attribution && { attribution: attributionOf(run.attribution) }),
    ...(breakdown && { breakdown }),
  };
}

const attributionOf = (a: SaleAttribution) => ({
  quotingPlatform: a.quotingPlatform ?? null,
  quoteMethod: a.quoteMethod ?? null,
  entitySourceId: a.entitySourceId ?? null,
  partnerCode: a.partnerCode ?? null,
});

export const NWP_CSV_HEADER = [
  'recordedOn',
  'policyNumber',
  'line',
  'entityCode',
  'entityName',
  'stateCode',
  'eventCode',
  'businessType',
  'premium',
];

export const countNwpRows = (db: Db, run: NwpRun): Promise<number> =>
  countAdjustmentsBetween(db, windowOf(run));

// One CSV line per adjustment, in the order they were recorded, read and written a batch at a time. With an
// attribution filter or a breakdown, each line also says where its sale came from (and its group).
export async function* nwpCsv(db: Db, run: NwpRun): AsyncGenerator<string> {
  const attribution = run.attribution || run.groupBy ? nwpCsvAttribution(db, run.groupBy) : null;
  yield csvLine([...NWP_CSV_HEADER, ...(attribution?.header ?? [])]);
  const names = new Map<number, { entity_code: string; entity_name: string }>();
  for await (const batch of premiumAdjustmentBatches(db, windowOf(run))) {
    const unknown = [...new Set(batch.map((a) => a.entityId))].filter((id) => !names.has(id));
    if (unknown.length > 0) {
      const entities = await db
        .selectFrom('entities')
        .select(['id', 'entity_code', 'entity_name'])
        .where('id', 'in', unknown)
        .execute();
      for (const e of entities) names.set(e.id, e);
    }
    const extra = attribution ? await attribution.columnsOf(batch) : null;
    yield batch.map((a, i) => csvRow(a, names.get(a.entityId), extra?.[i] ?? [])).join('');
  }
}

const csvRow = (
  a: PremiumAdjustment,
  entity: { entity_code: string; entity_name: string } | undefined,
  extra: readonly (string | number | null)[],
) =>
  csvLine([
    a.on,
    a.policyNumber,
    a.line,
    entity?.entity_code ?? null,
    entity?.entity_name ?? null,
    a.stateCode,
    a.eventCode,
    a.businessType,
    (a.premiumCents / 100).toFixed(2),
    ...extra,
  ]);
