import type { ColumnType, JSONColumnType } from 'kysely';
import type { RentersJourneyContext } from '../../../machines/rentersQuoteContext';

// Read table of the `renters_quote` stream (migration 012), rebuilt from the log by projections:rebuild.
type Timestamp = ColumnType<Date, Date | string, Date | string>;

// The renters rating engine's answer as the column holds it (src/server/domain/rentersRating/rentersTypes.ts
// RentersRating, which its readers take it as): amounts in cents.
export interface StoredRentersRating {
  state_code: string;
  effective_date: string;
  expiration_date: string;
  term_interval: string;
  territory: { zip_prefix: string; factor_bp: number; municipality: string | null };
  // Annual premium by component; the wind/hail exclusion is a credit (zero or negative).
  components: {
    contents: number;
    additional_living_expense: number;
    liability: number;
    damage_to_property_of_others: number;
    medical_payments: number;
    scheduled_personal_property: number;
    enhancement_endorsement: number;
    identity_fraud: number;
    replacement_cost: number;
    theft: number;
    water_damage: number;
    wind_hail_exclusion: number;
  };
  term_premium: number;
  taxes: { state: number; municipal: number; total: number };
  fees: { fee_code: string; description: string; amount: number; count: number; total: number }[];
  fee_total: number;
  total: number;
  schedule: {
    number: number;
    due_date: string;
    premium: number;
    state_tax: number;
    municipal_tax: number;
    fees: number;
    total: number;
  }[];
  next_bill: { due_date: string; amount: number } | null;
}

export interface RentersQuotesTable {
  id: string;
  // The entity the quote was made for (the acting entity), which decides who may see it.
  entity_id: number;
  created_by: number | null;
  // The journey machine's state after the last event.
  step: string;
  version: number;
  state_code: string;
  zip_code: string;
  // Arrives as Date on PostgreSQL; read it through to_char as 'YYYY-MM-DD'.
  effective_date: ColumnType<Date | string, string, string>;
  total_cents: number | null;
  policy_number: string | null;
  // The journey's context after the last event (its errors: a declined payment's reason).
  journey: JSONColumnType<RentersJourneyContext>;
  // The engine's answer for the chosen coverage, as rated; null until the coverage step is priced.
  rating: JSONColumnType<StoredRentersRating> | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  // When the purchase succeeded (migration 024), for the dashboard's quotes converted.
  purchased_at: Timestamp | null;
}

export interface RentersQuoteTables {
  renters_quotes: RentersQuotesTable;
}
