import type { ColumnType } from 'kysely';

// Read tables of the commission_statement stream (migration 017, statementProjection.ts) and the override
// types (reference data). bigint columns come back as strings from node-postgres and numbers from PGlite:
// readers pass them through Number().
type Day = ColumnType<Date, string, string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Big = ColumnType<string | number, number, number>;

export interface CommissionStatementsTable {
  id: number;
  entity_id: number;
  month: string;
  state: 'pending' | 'approved' | 'paid';
  amount_cents: Big;
  override_total_cents: Big;
  payment_total_cents: Big;
  line_count: number;
  payment_amount_cents: Big | null;
  paid_on: Day | null;
  paid_by: number | null;
  statement_on: Day;
  reviewed_at: Timestamp | null;
  reviewed_by: number | null;
  downloaded_at: Timestamp | null;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CommissionStatementLinesTable {
  statement_id: number;
  line_no: number;
  event_id: Big;
  policy_number: string;
  event_code: string;
  on: Day;
  premium_cents: Big;
  rule_id: number | null;
  amount_cents: Big;
  explanation: string;
}

export interface CommissionStatementOverridesTable {
  id: number;
  statement_id: number;
  type_code: string;
  amount_cents: Big;
  note: string | null;
  deleted: boolean;
  created_at: Timestamp;
  created_by: number | null;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface CommissionOverrideTypesTable {
  id: number;
  override_cat: string;
  override_code: string;
  override_desc: string;
  is_enabled: boolean;
}

export interface CommissionStatementTables {
  commission_statements: CommissionStatementsTable;
  commission_statement_lines: CommissionStatementLinesTable;
  commission_statement_overrides: CommissionStatementOverridesTable;
  commission_override_types: CommissionOverrideTypesTable;
}
