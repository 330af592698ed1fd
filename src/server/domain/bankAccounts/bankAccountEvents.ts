import type { RecordLifecycleEvent } from '../../../machines/recordLifecycle';
import type { NewEvent } from '../../store/eventStore';

// Events of the `bank_account` stream (stream id = the payee entity's id): every verification attempt of the
// entity's payout account, eligible or not (docs/payments.md "Bank account verification"). The stream is
// opened by its first attempt, so two first attempts at once race into a version conflict (409).
export const BANK_ACCOUNT_STREAM = 'bank_account';

export interface BankAccountOpened {
  entityId: number;
}

// One attempt. Never the account number: its last four digits and a keyed fingerprint only.
export interface BankAccountChecked {
  accountId: string;
  entityId: number;
  routingNumber: string;
  accountLast4: string;
  // HMAC-SHA256 of routing and account number under a key of the server's secret (bankAccountFingerprint.ts).
  accountFingerprint: string;
  holderName: string;
  accountType: 'checking' | 'savings';
  isRtpEligible: boolean;
  responseCode: string;
  message: string;
}

export type BankAccountEventType =
  'bankAccount.opened' | 'bankAccount.verified' | 'bankAccount.verificationFailed';

export const bankAccountEvent = {
  opened: (data: BankAccountOpened): NewEvent => ({ type: 'bankAccount.opened', data: { ...data } }),
  // Eligible: becomes the entity's active account, replacing the one before.
  verified: (data: BankAccountChecked): NewEvent => ({ type: 'bankAccount.verified', data: { ...data } }),
  // Not eligible: kept for the history; the active account stays as it was.
  verificationFailed: (data: BankAccountChecked): NewEvent => ({
    type: 'bankAccount.verificationFailed',
    data: { ...data },
  }),
};

export function bankAccountLifecycleEvent(event: NewEvent): RecordLifecycleEvent {
  return event.type === 'bankAccount.opened' ? { type: 'record.create' } : { type: 'record.update' };
}
