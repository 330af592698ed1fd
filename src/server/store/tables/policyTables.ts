import type { ColumnType } from 'kysely';

// Read table of the `policy` stream (migration 007): SPEC §3 "Policies (pets)", one row per pet policy.
// Dates arrive as Date on PostgreSQL; read them through to_char as 'YYYY-MM-DD'.
type Day = ColumnType<Date | string, string, string>;

export interface PoliciesTable {
  policy_number: string;
  // The policy's matter id (SPEC §2 /policies/{matterId}), assigned at issue and carried in policy.issued.
  matter_id: number;
  policy_version: number;
  quote_uuid: string;
  // The entity the quote was made for, which decides who may see the policy.
  entity_id: number;
  customer_id: number;
  pet_id: string;
  pet_name: string;
  species: string;
  breed: string;
  gender: string;
  age_at_inception: number;
  plan_code: string;
  // ANNUAL: a one-year term (docs/purchase.md).
  term_type: string;
  status_code: string;
  brand_code: string | null;
  state: string;
  deductible_cents: number;
  reimbursement: number;
  // The plan's annual limit; null when unlimited.
  annual_coverage_cents: number | null;
  exam_fee: boolean;
  wellness_code: string | null;
  annual_premium_cents: number;
  payment_period: string;
  init_pay_successful: boolean;
  purchase_date: Day;
  inception_date: Day;
  effective_date: Day;
  expiration_date: Day;
  cancel_effective_date: Day | null;
  // Why a committed cancellation ended the policy (migration 008); null while in force.
  cancel_reason: ColumnType<string | null, string | null | undefined, string | null>;
  purchased_at: ColumnType<Date, Date | string, Date | string>;
}

// One refund record per committed cancellation (migration 008), a projection of `policy.cancelled`.
export interface PolicyRefundsTable {
  id: ColumnType<number, never, never>;
  policy_number: string;
  matter_id: number;
  amount_cents: number;
  refunded_on: Day;
  reason: string;
  // The payment service's refund id; null when nothing was refunded or the service has not answered yet.
  reference: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface PolicyTables {
  policies: PoliciesTable;
  policy_refunds: PolicyRefundsTable;
}
