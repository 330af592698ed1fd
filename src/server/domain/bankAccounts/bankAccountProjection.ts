import { type ProjectionSpec, type StoredEvent, type Trx } from '../../store/eventStore';
import { BANK_ACCOUNT_STREAM, type BankAccountChecked } from './bankAccountEvents';

// Read table `entity_bank_accounts`: every attempt is a row; a verified one becomes the entity's active
// account and the one before it is marked replaced.
async function project(trx: Trx, event: StoredEvent): Promise<void> {
  if (event.type !== 'bankAccount.verified' && event.type !== 'bankAccount.verificationFailed') return;
  const data = event.data as unknown as BankAccountChecked;
  const verified = event.type === 'bankAccount.verified';
  if (verified) {
    await trx
      .updateTable('entity_bank_accounts')
      .set({ status: 'replaced' })
      .where('entity_id', '=', data.entityId)
      .where('status', '=', 'active')
      .execute();
  }
  await trx
    .insertInto('entity_bank_accounts')
    .values({
      id: data.accountId,
      entity_id: data.entityId,
      routing_number: data.routingNumber,
      account_last4: data.accountLast4,
      account_fingerprint: data.accountFingerprint,
      holder_name: data.holderName,
      account_type: data.accountType,
      is_rtp_eligible: data.isRtpEligible,
      response_code: data.responseCode,
      message: data.message,
      verified,
      verified_at: event.recordedAt,
      verified_by: event.metadata.userId,
      status: verified ? 'active' : 'failed',
    })
    .execute();
}

export const bankAccountProjection: ProjectionSpec = { streamType: BANK_ACCOUNT_STREAM, each: project };
