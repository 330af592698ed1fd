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

// One premium adjustment of a policy log (migration 021, premiumAdjustmentProjection.ts): what the net
// written premium report, the dashboard and statement generation sum, kept so they never fold the raw log.
// bigint comes back as a string from node-postgres and a number from PGlite: readers pass it through Number().
export interface PremiumAdjustmentsTable {
  event_id: ColumnType<string | number, number, number>;
  on: ColumnType<Date, string, string>;
  line: 'PET' | 'RENTERS';
  policy_number: string;
  entity_id: number;
  state_code: string;
  species: string;
  event_code: string;
  business_type: 'NEW' | 'RENEWAL';
  premium_cents: number;
}

export interface ReportTables {
  reports: ReportsTable;
  premium_adjustments: PremiumAdjustmentsTable;
}
