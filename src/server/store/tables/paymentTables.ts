import type { ColumnType } from 'kysely';

// The payment service's own tables (migration 007): shared by every server process, so a token made in one
// can be charged in another and an idempotency key answers the same everywhere. Not projections.
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface PaymentSessionsTable {
  id: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface PaymentTokensTable {
  token: string;
  type: 'card' | 'bank';
  last4: string;
  name: string;
  // MM/YY of a card; null for a bank account.
  expiry: string | null;
  // How the sandbox answers a charge of this token: ok, or a decline reason of its test numbers.
  behaviour: string;
  session_id: string | null;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface PaymentChargesTable {
  idempotency_key: string;
  token: string;
  amount_cents: number;
  outcome: 'ok' | 'declined';
  reason: string | null;
  charge_id: string | null;
  created_at: CreatedAt;
}

// Refunds of charges (migration 008): one row per idempotency key, like charges.
export interface PaymentRefundsTable {
  idempotency_key: string;
  charge_id: string;
  amount_cents: number;
  outcome: 'ok' | 'declined';
  reason: string | null;
  refund_id: string | null;
  created_at: CreatedAt;
}

export interface PaymentTables {
  payment_refunds: PaymentRefundsTable;
  payment_sessions: PaymentSessionsTable;
  payment_tokens: PaymentTokensTable;
  payment_charges: PaymentChargesTable;
  disposable_email_domains: { domain: string };
}
