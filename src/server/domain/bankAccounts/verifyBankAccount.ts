import { randomUUID } from 'node:crypto';
import { execute } from '../../store/aggregate';
import type { Db } from '../../store/db';
import type { EventMetadata } from '../../store/eventStore';
import { isAbaRoutingNumber } from '../payments/abaRouting';
import type { RtpEligibility, RtpEligibilityChecker } from '../payments/rtpEligibility';
import { Invalid } from '../domainErrors';
import { bankAccountAggregate } from './bankAccountAggregate';
import { BANK_ACCOUNT_STREAM, bankAccountEvent } from './bankAccountEvents';
import { bankAccountFingerprint } from './bankAccountFingerprint';
import { findBankAccount, type StoredBankAccount } from './bankAccountQueries';

export interface BankAccountToVerify {
  entityId: number;
  routingNumber: string;
  accountNumber: string;
  holderName: string;
  accountType: 'checking' | 'savings';
  // The request's name for the routing number (it comes in several shapes), where a refusal is reported.
  routingField: string;
}

export interface VerifyDependencies {
  rtp: RtpEligibilityChecker;
  // The server's secret, keying the account fingerprint.
  secret: string;
}

// Checks one account of a payee entity with the RTP network and records the attempt, eligible or not
// (docs/payments.md "Bank account verification"). A routing number whose ABA check digit is wrong is refused
// before the network is asked, and nothing is recorded. The account number leaves this function only as its
// last four digits and a keyed fingerprint.
export async function verifyBankAccount(
  db: Db,
  deps: VerifyDependencies,
  metadata: EventMetadata,
  account: BankAccountToVerify,
): Promise<{ eligibility: RtpEligibility; account: StoredBankAccount }> {
  if (!isAbaRoutingNumber(account.routingNumber)) {
    throw new Invalid({
      [account.routingField]: ['The routing number is not valid: its check digit does not match.'],
    });
  }
  // Asked outside the transaction: a slow network must not hold the entity's stream.
  const eligibility = await deps.rtp.checkEligibility({
    routingNumber: account.routingNumber,
    accountNumber: account.accountNumber,
    accountType: account.accountType,
  });
  const accountId = randomUUID();
  const checked = {
    accountId,
    entityId: account.entityId,
    routingNumber: account.routingNumber,
    accountLast4: account.accountNumber.slice(-4),
    accountFingerprint: bankAccountFingerprint(deps.secret, account.routingNumber, account.accountNumber),
    holderName: account.holderName,
    accountType: account.accountType,
    isRtpEligible: eligibility.isRtpEligible,
    responseCode: eligibility.responseCode,
    message: eligibility.message,
  };
  const stored = await db.transaction().execute(async (trx) => {
    const streamId = String(account.entityId);
    const opened = await trx
      .selectFrom('events')
      .select('version')
      .where('stream_type', '=', BANK_ACCOUNT_STREAM)
      .where('stream_id', '=', streamId)
      .limit(1)
      .executeTakeFirst();
    const attempt = eligibility.isRtpEligible
      ? bankAccountEvent.verified(checked)
      : bankAccountEvent.verificationFailed(checked);
    const events = opened ? [attempt] : [bankAccountEvent.opened({ entityId: account.entityId }), attempt];
    await execute(trx, bankAccountAggregate, streamId, events, metadata);
    return findBankAccount(trx, accountId);
  });
  if (!stored) throw new Error(`Bank account attempt ${accountId} was not projected`);
  return { eligibility, account: stored };
}
