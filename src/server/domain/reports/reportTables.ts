import type { ColumnType } from 'kysely';
import type { AccessCheck } from '../../../api/access';

// The report registry (migration 018). `access` is an AccessCheck as JSON, parsed before use.
export interface ReportsTable {
  code: string;
  name: string;
  description: string;
  path: string;
  access: ColumnType<AccessCheck | unknown, string, string>;
  sort_order: number;
  is_enabled: boolean;
}

export interface ReportTables {
  reports: ReportsTable;
}
