import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { AttributeTables } from './tables/attributeTables';
import type { CommissionRuleTables } from './tables/commissionRuleTables';
import type { CommissionStatementTables } from './tables/statementTables';
import type { ReportTables } from './tables/reportTables';
import type { BankAccountTables } from './tables/bankAccountTables';
import type { EntityDetailTables } from './tables/entityTables';
import type { MatterTables } from './tables/matterTables';
import type { QuoteTables } from './tables/quoteTables';
import type { RatingTables } from './tables/ratingTables';
import type { RentersRatingTables } from './tables/rentersTables';
import type { RentersPolicyTables } from './tables/rentersPolicyTables';
import type { RentersPaymentTables } from './tables/rentersPaymentTables';
import type { RentersQuoteTables } from './tables/rentersQuoteTables';
import type { TableViewTables } from './tables/tableViewTables';
import type { BillingTables } from './tables/billingTables';
import type { ReconciliationTables } from './tables/reconciliationTables';
import type { SessionRecordingTables } from './tables/sessionRecordingTables';

// Table types of the database. Projections are rebuilt from `events`; the rest is reference or security data.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = JSONColumnType<Record<string, unknown>>;

export interface EventsTable {
  position: Generated<string>;
  stream_type: string;
  stream_id: string;
  version: number;
  type: string;
  data: Json;
  metadata: Json;
  recorded_at: Generated<Date>;
}

export interface PrivilegesTable {
  id: number;
  parent_priv_id: number | null;
  priv_code: string;
  priv_desc: string;
  is_grantable: boolean;
}

export interface StatesTable {
  code: string;
  name: string;
}

export interface BrandsTable {
  code: string;
  data: Json;
}

export interface EntitiesTable {
  id: number;
  master_entity_id: number | null;
  entity_code: string;
  entity_name: string;
  dba: string | null;
  status_code: string;
  type_code: string;
  tracking_code: string | null;
  tracking_code_type: string | null;
  account_manager: number | null;
  added_to_accounting: boolean;
  payout_frequency: string | null;
  payout_method: string | null;
  routing_number: string | null;
  brand_quote_app_link: string | null;
  can_quote: boolean;
  // Ancestor ids joined as '/1/4/9/': descendants are found with one indexed prefix match.
  path: string;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: number | null;
  updated_by: number | null;
}

export interface EntityAttributesTable {
  // entity_id × 1000 + attrib_id, computed by the database (migration 042); bigint, read through Number().
  id: ColumnType<string | number, never, never>;
  entity_id: number;
  attrib_id: number;
  attrib_value: string | null;
  data_url: string | null;
}

export interface RolesTable {
  id: number;
  role_name: string;
  role_desc: string;
  // The entity that owns the role; null for the house (migration 026, docs/decisions/012).
  owner_entity_id: number | null;
  is_deleted: boolean;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: number | null;
  updated_by: number | null;
}

export interface RolePrivilegesTable {
  // role_id × 1000 + privilege_id, computed by the database (migration 042); bigint, read through Number().
  id: ColumnType<string | number, never, never>;
  role_id: number;
  privilege_id: number;
  assigned_at: Timestamp;
  assigned_by: number | null;
}

export type UserType = 'admin' | 'internal' | 'external';

export interface UsersTable {
  id: number;
  entity_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  ext: string | null;
  password_hash: string;
  user_type: UserType;
  is_enabled: boolean;
  // Deleted users keep their row (history names, reserved e-mail) but show nowhere (migration 004).
  is_deleted: Generated<boolean>;
  email_verified_at: Date | null;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: number | null;
  updated_by: number | null;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface SessionFamiliesTable {
  id: string;
  user_id: number;
  created_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  family_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

export interface LoginAttemptsTable {
  id: Generated<string>;
  key: string;
  attempted_at: Generated<Date>;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

export interface OutboxTable {
  id: Generated<string>;
  kind: string;
  recipient: string;
  subject: string;
  // The plain-text part; `html` the HTML part (migration 034), null for mail queued before it.
  body: string;
  html: string | null;
  payload: Json;
  created_at: Generated<Date>;
  sent_at: Date | null;
  // Delivery (migration 027, src/server/jobs/mailDelivery.ts): tries so far and the last one's error.
  attempts: Generated<number>;
  last_error: string | null;
  last_attempt_at: Date | null;
}

// Each piece of daily work per business day and how it went (migration 027, src/server/jobs).
export interface DailyWorkRunsTable {
  id: Generated<number>;
  name: string;
  title: string;
  position: number;
  business_date: string;
  status: 'due' | 'running' | 'done' | 'failed';
  summary: Json | null;
  error: string | null;
  attempts: Generated<number>;
  job_id: string | null;
  created_at: Generated<Date>;
  started_at: Date | null;
  finished_at: Date | null;
  // The claim that works it now and until when it holds unless renewed (migration 038, docs/jobs.md).
  claimed_by: string | null;
  lease_until: Date | null;
}

// The business clock's one row (migration 027): a sandbox's offset and the last day scheduled.
export interface BusinessClockTable {
  id: Generated<boolean>;
  offset_ms: ColumnType<string, string | number | undefined, string | number>;
  scheduled_through: string | null;
  moved_at: Date | null;
  // The move of the sandbox clock under way: who holds it, the date it moves to, until when (migration 038).
  moving_by: string | null;
  moving_to: string | null;
  moving_until: Date | null;
}

// The first answer to a user's Idempotency-Key (migration 019, src/server/http/idempotency.ts).
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  fingerprint: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_body: string | null;
  created_at: Timestamp;
}

// Tables of later areas are declared beside their domain code and joined in here.
export interface Database
  extends
    EntityDetailTables,
    AttributeTables,
    RatingTables,
    QuoteTables,
    MatterTables,
    RentersRatingTables,
    RentersPolicyTables,
    RentersPaymentTables,
    RentersQuoteTables,
    BankAccountTables,
    CommissionRuleTables,
    CommissionStatementTables,
    ReportTables,
    TableViewTables,
    BillingTables,
    ReconciliationTables,
    SessionRecordingTables {
  events: EventsTable;
  privileges: PrivilegesTable;
  states: StatesTable;
  brands: BrandsTable;
  entities: EntitiesTable;
  entity_attributes: EntityAttributesTable;
  roles: RolesTable;
  role_privileges: RolePrivilegesTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  session_families: SessionFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  login_attempts: LoginAttemptsTable;
  password_resets: PasswordResetsTable;
  outbox: OutboxTable;
  daily_work_runs: DailyWorkRunsTable;
  business_clock: BusinessClockTable;
  idempotency_keys: IdempotencyKeysTable;
}
