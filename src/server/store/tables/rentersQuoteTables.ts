import type { ColumnType, JSONColumnType } from 'kysely';
import type { RentersJourneyContext } from '../../../machines/rentersQuoteContext';
import type { RentersRating } from '../rentersRating/rentersTypes';

// Read table of the `renters_quote` stream (migration 012), rebuilt from the log by projections:rebuild.
type Timestamp = ColumnType<Date, Date | string, Date | string>;

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
  rating: JSONColumnType<RentersRating> | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  // When the purchase succeeded (migration 024), for the dashboard's quotes converted.
  purchased_at: Timestamp | null;
}

export interface RentersQuoteTables {
  renters_quotes: RentersQuotesTable;
}
