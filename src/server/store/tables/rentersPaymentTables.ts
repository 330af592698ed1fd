import type { ColumnType } from 'kysely';

// Tables of migration 014. Accounts and methods are the read tables of the renters_payment_account stream
// (rentersPaymentProjection.ts); setup intents are working rows of the update flow, not projections.
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface RentersPaymentAccountsTable {
  id: string;
  customer_id: number;
  version: number;
  created_at: Timestamp;
}

export interface RentersPaymentMethodsTable {
  id: string;
  account_id: string;
  customer_id: number;
  type_code: 'card' | 'bank';
  processor_payment_method_id: string;
  last4: string;
  billing_zip_code: string | null;
  is_active: boolean;
  is_primary: boolean;
  added_at: Timestamp;
}

export type SetupIntentStatus = 'created' | 'tokenized' | 'attached';

export interface RentersSetupIntentsTable {
  id: string;
  customer_id: number;
  user_id: number;
  status: SetupIntentStatus;
  token: string | null;
  type_code: 'card' | 'bank' | null;
  last4: string | null;
  billing_zip_code: string | null;
  method_id: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface RentersPaymentTables {
  renters_payment_accounts: RentersPaymentAccountsTable;
  renters_payment_methods: RentersPaymentMethodsTable;
  renters_setup_intents: RentersSetupIntentsTable;
}
