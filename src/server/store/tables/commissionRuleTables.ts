import type { ColumnType } from 'kysely';

// YYYY-MM-DD in and out: read through to_char, written as text (commission days are UTC days).
type Day = ColumnType<Date, string, string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

// Read table `commission_rules` (SPEC §3 "Rate/pay rule"), kept in step with the commission_rule stream by
// commissionRuleProjection.ts. Amounts as commissionRules.ts keeps them: basis points or cents.
export interface CommissionRulesTable {
  id: number;
  entity_id: number;
  business_type: string;
  calculation_type: string;
  event_code: string;
  state_codes: string[];
  species: string | null;
  pay_multiplier: number;
  effective_date: Day;
  expiration_date: Day | null;
  version: number;
  created_at: Timestamp;
  created_by: number | null;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface CommissionRuleTables {
  commission_rules: CommissionRulesTable;
}
