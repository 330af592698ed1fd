import type { ColumnType } from 'kysely';

// Projections of the billing streams (migration 028).
type DateColumn = ColumnType<string, string, string>;
type NullableDate = ColumnType<string | null, string | null | undefined, string | null>;
type Cents = ColumnType<number, number | undefined, number>;

export interface BillingAccountsTable {
  line: string;
  policy_number: string;
  state: string;
  entity_id: number;
  customer_id: number;
  plan: string;
  token: string | null;
  method: string | null;
  last4: string | null;
  term_effective: DateColumn;
  term_expiration: DateColumn;
  first_missed_on: NullableDate;
  lapsed_on: NullableDate;
  billed_cents: Cents;
  collected_cents: Cents;
  refunded_cents: Cents;
}

export interface BillingInstalmentsTable {
  line: string;
  policy_number: string;
  seq: number;
  kind: string;
  description: string;
  due_date: DateColumn;
  amount_cents: number;
  status: string;
  billed: ColumnType<boolean, boolean | undefined, boolean>;
  attempts: ColumnType<number, number | undefined, number>;
  collect_on: NullableDate;
  last_reason: string | null;
  charge_id: string | null;
  paid_on: NullableDate;
}

export interface BillingRefundsTable {
  line: string;
  policy_number: string;
  key: string;
  amount_cents: number;
  outcome: string;
  refund_id: string | null;
  reason: string | null;
}

// Not a projection (migration 031): the charge attempts claimed before the payment service was asked.
export interface BillingChargeClaimsTable {
  idempotency_key: string;
  token: string;
  amount_cents: number;
  claimed_at: ColumnType<Date, Date, never>;
}

export interface BillingTables {
  billing_charge_claims: BillingChargeClaimsTable;
  billing_accounts: BillingAccountsTable;
  billing_instalments: BillingInstalmentsTable;
  billing_refunds: BillingRefundsTable;
}
