import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { TableViewState } from '../../../api/schemas/tableViews';

// Saved views of the search tables (migration 025): per-user preferences kept in a plain table, not events
// (docs/decisions/011). Owner and roles are plain ids without foreign keys, since users and roles are
// projections that a rebuild clears and refills.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface TableViewsTable {
  id: Generated<number>;
  owner_user_id: number;
  table_key: string;
  name: string;
  state: JSONColumnType<TableViewState>;
  shared_role_ids: ColumnType<number[], number[], number[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TableViewTables {
  table_views: TableViewsTable;
}
