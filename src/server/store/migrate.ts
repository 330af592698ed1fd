import { sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './db';
import { withMigrationIntrospection } from './migrationIntrospection';
import * as m001 from './migrations/001_foundation';
import * as m002 from './migrations/002_reference_data';
import * as m003 from './migrations/003_entities';
import * as m004 from './migrations/004_access_admin';
import * as m005 from './migrations/005_pet_rating';
import * as m006 from './migrations/006_quotes';
import * as m007 from './migrations/007_purchase';
import * as m008 from './migrations/008_policy_lifecycle';
import * as m009 from './migrations/009_policy_search';
import * as m010 from './migrations/010_policy_matters';
import * as m011 from './migrations/011_renters_rating';
import * as m012 from './migrations/012_renters_quotes';
import * as m013 from './migrations/013_renters_policies';
import * as m014 from './migrations/014_renters_payment_methods';
import * as m015 from './migrations/015_commission_rules';
import * as m016 from './migrations/016_bank_accounts';
import * as m017 from './migrations/017_commission_statements';
import * as m018 from './migrations/018_reports';
import * as m019 from './migrations/019_idempotency_keys';
import * as m020 from './migrations/020_append_only_events';
import * as m021 from './migrations/021_premium_adjustments';
import * as m022 from './migrations/022_search_speed';
import * as m023 from './migrations/023_app_role';
import * as m024 from './migrations/024_renters_quote_purchase_time';
import * as m025 from './migrations/025_table_views';
import * as m026 from './migrations/026_role_owners';
import * as m027 from './migrations/027_jobs';
import * as m028 from './migrations/028_billing';
import * as m029 from './migrations/029_business_day_adjustments';
import * as m030 from './migrations/030_renters_written_premium_returned';
import * as m031 from './migrations/031_billing_charge_claims';
import * as m032 from './migrations/032_drop_renters_next_bill_due';
import * as m033 from './migrations/033_reconciliation';
import * as m034 from './migrations/034_outbox_html';
import * as m037 from './migrations/037_role_names_by_owner';
import * as m038 from './migrations/038_daily_work_claims';
import * as m039 from './migrations/039_abuse_limits';
import * as m040 from './migrations/040_quote_view_columns';
import * as m042 from './migrations/042_administration_ids';
import * as m045 from './migrations/045_claim_record';
import * as m046 from './migrations/046_quote_attribution';
import * as m047 from './migrations/047_waiting_periods';
import * as m048 from './migrations/048_quote_tracking';
import * as m049 from './migrations/049_policy_brand_and_initial_payment';
import * as m050 from './migrations/050_policy_note_visibility';
import * as m051 from './migrations/051_session_recordings';

// Migrations are listed here rather than read from disk, so the same list runs under tsx, vitest and bundles.
const MIGRATIONS: Record<string, Migration> = {
  '001_foundation': m001,
  '002_reference_data': m002,
  '003_entities': m003,
  '004_access_admin': m004,
  '005_pet_rating': m005,
  '006_quotes': m006,
  '007_purchase': m007,
  '008_policy_lifecycle': m008,
  '009_policy_search': m009,
  '010_policy_matters': m010,
  '011_renters_rating': m011,
  '012_renters_quotes': m012,
  '013_renters_policies': m013,
  '014_renters_payment_methods': m014,
  '015_commission_rules': m015,
  '016_bank_accounts': m016,
  '017_commission_statements': m017,
  '018_reports': m018,
  '019_idempotency_keys': m019,
  '020_append_only_events': m020,
  '021_premium_adjustments': m021,
  '022_search_speed': m022,
  '023_app_role': m023,
  '024_renters_quote_purchase_time': m024,
  '025_table_views': m025,
  '026_role_owners': m026,
  '027_jobs': m027,
  '028_billing': m028,
  '029_business_day_adjustments': m029,
  '030_renters_written_premium_returned': m030,
  '031_billing_charge_claims': m031,
  '032_drop_renters_next_bill_due': m032,
  '033_reconciliation': m033,
  '034_outbox_html': m034,
  '037_role_names_by_owner': m037,
  '038_daily_work_claims': m038,
  '039_abuse_limits': m039,
  '040_quote_view_columns': m040,
  '042_administration_ids': m042,
  '045_claim_record': m045,
  '046_quote_attribution': m046,
  '047_waiting_periods': m047,
  '048_quote_tracking': m048,
  '049_policy_brand_and_initial_payment': m049,
  '050_policy_note_visibility': m050,
  '051_session_recordings': m051,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

// The migrations this code knows that the database has not run (readiness, docs/operations.md "Readiness"): a
// process of a newer version started before its migrations ran, or a database restored from an older backup.
export async function pendingMigrations(db: Db): Promise<string[]> {
  const executed = new Set(
    (
      await sql<{ name: string }>`select name from kysely_migration`.execute(db).catch(() => ({ rows: [] }))
    ).rows.map((r) => r.name),
  );
  return Object.keys(MIGRATIONS).filter((name) => !executed.has(name));
}

export async function migrateToLatest(db: Db): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which: another test server's schema
  // on the same PostgreSQL would make it skip creating its own. Name the schema the connection works in.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrationTableSchema = rows[0]!.schema;
  const migrator = new Migrator({
    db: withMigrationIntrospection(db, migrationTableSchema),
    provider,
    migrationTableSchema,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
