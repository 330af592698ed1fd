import type { ColumnType, Generated } from 'kysely';

// The daily reconciliation's runs and what each found (migration 033). Not projections.
export interface ReconciliationRunsTable {
  business_date: string;
  policies: number;
  discrepancies: number;
  finished_at: ColumnType<Date, Date, Date>;
}

export interface ReconciliationDiscrepanciesTable {
  id: Generated<number>;
  business_date: string;
  kind: string;
  line: string;
  policy_number: string;
  // bigint columns: the driver answers text, which the reader turns into numbers.
  expected_cents: ColumnType<number | string | null, number | null, number | null>;
  found_cents: ColumnType<number | string | null, number | null, number | null>;
  message: string;
}

export interface ReconciliationTables {
  reconciliation_runs: ReconciliationRunsTable;
  reconciliation_discrepancies: ReconciliationDiscrepanciesTable;
}
