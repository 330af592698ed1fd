import { sql, type SqlBool } from 'kysely';
import type {
  CommissionRule,
  CommissionRuleFilter,
  CommissionRuleSort,
} from '../../../api/schemas/commissionRules';
import type { Db } from '../../store/db';
import type { CommissionSpecies, RateRule } from '../moneyRules/commissionRates';

// Reading rules back (a transaction is a Db too): as commissionRules.ts's RateRule (for the checks) and as the wire record.
export interface StoredRule extends RateRule {
  version: number;
}

const ruleColumns = (db: Db) =>
  db
    .selectFrom('commission_rules as r')
    .select([
      'r.id',
      'r.entity_id',
      'r.business_type',
      'r.calculation_type',
      'r.event_code',
      'r.state_codes',
      'r.species',
      'r.pay_multiplier',
      'r.version',
      sql<string>`to_char(r.effective_date, 'YYYY-MM-DD')`.as('effective_date'),
      sql<string | null>`to_char(r.expiration_date, 'YYYY-MM-DD')`.as('expiration_date'),
    ]);

type RuleRow = Awaited<ReturnType<ReturnType<typeof ruleColumns>['executeTakeFirstOrThrow']>>;

export const toStoredRule = (row: RuleRow): StoredRule => ({
  id: row.id,
  entityId: row.entity_id,
  businessType: row.business_type as RateRule['businessType'],
  calculationType: row.calculation_type as RateRule['calculationType'],
  eventCode: row.event_code,
  stateCodes: row.state_codes,
  species: row.species as CommissionSpecies | null,
  payMultiplier: row.pay_multiplier,
  effectiveDate: row.effective_date,
  expirationDate: row.expiration_date,
  version: row.version,
});

export async function entityRules(db: Db, entityId: number): Promise<StoredRule[]> {
  const rows = await ruleColumns(db).where('r.entity_id', '=', entityId).orderBy('r.id').execute();
  return rows.map(toStoredRule);
}

export async function findRule(db: Db, entityId: number, ruleId: number): Promise<StoredRule | null> {
  const row = await ruleColumns(db)
    .where('r.entity_id', '=', entityId)
    .where('r.id', '=', ruleId)
    .executeTakeFirst();
  return row ? toStoredRule(row) : null;
}

export type RuleStatus = CommissionRule['status'];

// A rule is in force from its effective date up to, not including, its expiration date. One expired on the
// day it takes effect (a future rule withdrawn) is never in force: expired.
export function ruleStatus(
  rule: Pick<RateRule, 'effectiveDate' | 'expirationDate'>,
  today: string,
): RuleStatus {
  const { effectiveDate: from, expirationDate: to } = rule;
  if (to !== null && (to <= today || to <= from)) return 'expired';
  return rule.effectiveDate > today ? 'future' : 'active';
}

// Basis points and cents inside, a percent and dollars on the wire.
export const payToWire = (rule: Pick<RateRule, 'payMultiplier'>) => rule.payMultiplier / 100;
export const payFromWire = (value: number) => Math.round(value * 100);

export function toWire(rule: StoredRule, today: string): CommissionRule {
  return {
    id: rule.id,
    entity_id: rule.entityId,
    business_type: rule.businessType,
    calculation_type: rule.calculationType,
    event_code: rule.eventCode,
    state_code: rule.stateCodes.join(','),
    state_codes: [...rule.stateCodes],
    species: rule.species,
    pay_multiplier: payToWire(rule),
    effective_date: rule.effectiveDate,
    expiration_date: rule.expirationDate,
    status: ruleStatus(rule, today),
    version: rule.version,
    batch_storage_status: null,
    batch_storage_conflict_code: null,
  };
}

const SORT_COLUMNS = {
  effectiveDate: 'r.effective_date',
  expirationDate: 'r.expiration_date',
  eventCode: 'r.event_code',
  businessType: 'r.business_type',
  payMultiplier: 'r.pay_multiplier',
  id: 'r.id',
} as const satisfies Record<CommissionRuleSort, string>;

// The list of SPEC §3's commission rate filters; status is judged on `today` (the business day).
export function ruleSearch(
  db: Db,
  entityId: number,
  filter: CommissionRuleFilter,
  sort: CommissionRuleSort,
  order: 'asc' | 'desc',
  today: string,
) {
  let q = ruleColumns(db).where('r.entity_id', '=', entityId);
  if (filter.eventCode) q = q.where('r.event_code', '=', filter.eventCode);
  if (filter.stateCode) q = q.where(sql<SqlBool>`${filter.stateCode} = any(r.state_codes)`);
  if (filter.speciesCode === 'ANY') q = q.where('r.species', 'is', null);
  else if (filter.speciesCode) q = q.where('r.species', '=', filter.speciesCode);
  if (filter.businessType) q = q.where('r.business_type', '=', filter.businessType);
  if (filter.calculationType) q = q.where('r.calculation_type', '=', filter.calculationType);
  if (filter.status === 'expired') {
    q = q.where(sql<SqlBool>`r.expiration_date <= greatest(${today}::date, r.effective_date)`);
  } else if (filter.status === 'future') {
    q = q.where(
      sql<SqlBool>`r.effective_date > ${today}::date and (r.expiration_date is null or r.expiration_date > r.effective_date)`,
    );
  } else if (filter.status === 'active') {
    q = q.where(
      sql<SqlBool>`r.effective_date <= ${today}::date and (r.expiration_date is null or r.expiration_date > ${today}::date)`,
    );
  }
  const column = SORT_COLUMNS[sort];
  return q.orderBy(sql`${sql.ref(column)} ${sql.raw(order)} nulls last`).orderBy('r.id', order);
}
