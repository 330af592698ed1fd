import type { BankAccount } from '../../../api/schemas/bankAccounts';
import type { StoredBankAccount } from './bankAccountQueries';
import { serverTimestamp } from '../../../calendar';

// The wire record of an attempt. The fingerprint stays on the server: it identifies the account to anyone
// holding the secret, and the screens have no use for it.
export function bankAccountOut(row: StoredBankAccount): BankAccount {
  return {
    id: row.id,
    entity_id: row.entity_id,
    routing_number: row.routing_number,
    account_last4: row.account_last4,
    holder_name: row.holder_name,
    account_type: row.account_type,
    verified: row.verified,
    verified_at: serverTimestamp(row.verified_at),
    is_rtp_eligible: row.is_rtp_eligible,
    response_code: row.response_code,
    message: row.message,
    status: row.status,
  };
}
