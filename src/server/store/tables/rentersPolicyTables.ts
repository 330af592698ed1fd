import type { ColumnType } from 'kysely';

// YYYY-MM-DD in and out: read through to_char, written as text (business days, docs/decisions/019).
type Day = ColumnType<Date, string, string>;

// Read table `renters_policies` (SPEC §3 "Renters" Policy), kept in step with the renters_policy stream by
// rentersPolicyProjection.ts. The record flags are not here: they depend on the day and are computed from
// the stream when read (rentersPolicyFlags.ts).
export interface RentersPoliciesTable {
  policy_number: string;
  // The digits of the policy number (SPEC §3).
  matter_id: number;
  policy_version: number;
  quote_id: string;
  entity_id: number;
  customer_id: number;
  rewrite_of: string | null;
  rewritten_as: string | null;
  // The state the stream folds to (src/machines/rentersPolicyStatus.ts) and the status code it shows as.
  machine_state: string;
  status_code: string;
  term_interval: string;
  state: string;
  property_line_1: string;
  property_line_2: string | null;
  property_city: string;
  property_zip: string;
  term_premium_cents: number;
  taxes_cents: number;
  fees_cents: number;
  total_cents: number;
  next_bill_cents: number | null;
  sold_on: Day;
  inception_date: Day;
  effective_date: Day;
  expiration_date: Day;
  cancellation_date: Day | null;
  non_renew: boolean;
  non_renew_effective_date: Day | null;
}

export interface RentersPolicyTables {
  renters_policies: RentersPoliciesTable;
}
