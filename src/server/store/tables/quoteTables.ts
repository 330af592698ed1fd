import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { CustomerTables } from './customerTables';
import type { PaymentTables } from './paymentTables';
import type { PolicyTables } from './policyTables';

// Read tables of the `quote` stream (migration 006): one row per quote and one per pet on it. Rebuilt from
// the log by `npm run projections:rebuild`; the stream stays the source of truth.
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface QuotesTable {
  uuid: string;
  // The entity the quote was made for (the acting entity), which decides who may see it.
  entity_id: number;
  created_by: number | null;
  // Null until rating info is saved (quote.petsRated comes right after quote.started).
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  // Arrives as Date on PostgreSQL; read it through to_char as 'YYYY-MM-DD'.
  start_date: ColumnType<Date | string | null, string | null, string | null>;
  // The journey machine's state after the last event; the route follows from it (journeyStepPath).
  journey_state: string;
  created_at: Timestamp;
  purchased_at: Timestamp | null;
  policy_number: string | null;
  version: number;
  // Checkout and purchase (migration 007).
  street2: string | null;
  customer_id: number | null;
  // The discount code coverage was rated with (quote.coverageChosen).
  discount_code: string | null;
  fraud_warning: string | null;
  fraud_acknowledged: Generated<boolean>;
  payment_method: string | null;
  payment_last4: string | null;
  payment_period: string | null;
  payment_error_reason: string | null;
  payment_error_message: string | null;
  // What checkout shows as due for the chosen plans, fees included (rateQuote's payments).
  monthly_downpayment_cents: number | null;
  monthly_installment_cents: number | null;
  monthly_total_cents: number | null;
  annual_total_cents: number | null;
  // What the purchase charged, and the processor's id of that charge.
  charged_cents: number | null;
  charge_id: string | null;
  // Attribution of a quote request (migration 046): null on quotes made before it, or not sent.
  request_id: string | null;
  quoting_platform: string | null;
  quote_method: string | null;
  entity_source_id: number | null;
  program_id: string | null;
  logged_in_agent_id: number | null;
  // The agent a purchase credits (quote.checkoutSubmitted's agentId).
  sold_by_agent_id: number | null;
}

export interface QuotePetsTable {
  quote_uuid: string;
  pet_id: string;
  pet_index: number;
  name: string;
  species: string;
  breed: string;
  age: number;
  gender: string;
  answers: JSONColumnType<Record<string, boolean>> | null;
  declined: Generated<boolean>;
  plan_code: string | null;
  deductible_cents: number | null;
  reimbursement: number | null;
  exam_fee: boolean | null;
  wellness_code: string | null;
  monthly_premium_cents: number | null;
  downpayment_cents: number | null;
  total_premium_cents: number | null;
  policy_number: string | null;
}

// A quote's tracking information (migration 048), from the `quoteTracking` stream.
export interface QuoteTrackingTable {
  quote_uuid: string;
  partner_code: string | null;
  partner_name: string | null;
  reference: string | null;
  reference_values: JSONColumnType<Record<string, string>> | null;
  updated_at: Timestamp;
  updated_by: number | null;
  version: number;
}

// The purchase's tables (payments, customers, policies) come in with the quote's, as migration 007 does.
export interface QuoteTables extends PaymentTables, CustomerTables, PolicyTables {
  quotes: QuotesTable;
  quote_pets: QuotePetsTable;
  quote_tracking: QuoteTrackingTable;
}
