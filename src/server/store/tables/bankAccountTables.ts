import type { ColumnType } from 'kysely';

// The read table of the bank_account stream (migration 016, bankAccountProjection.ts): one row per
// verification attempt. Only the last four digits and a keyed fingerprint of the account number are kept.
type Timestamp = ColumnType<Date, Date | string, Date | string>;

// active: the entity's verified payout account; replaced: verified, then superseded by a later one;
// failed: an attempt the RTP check did not accept.
export type BankAccountStatus = 'active' | 'replaced' | 'failed';

export interface EntityBankAccountsTable {
  id: string;
  entity_id: number;
  routing_number: string;
  account_last4: string;
  account_fingerprint: string;
  holder_name: string;
  account_type: 'checking' | 'savings';
  is_rtp_eligible: boolean;
  response_code: string;
  message: string;
  verified: boolean;
  // When the attempt was checked (also for a failed one) and by whom.
  verified_at: Timestamp;
  verified_by: number | null;
  status: BankAccountStatus;
}

export interface BankAccountTables {
  entity_bank_accounts: EntityBankAccountsTable;
}
