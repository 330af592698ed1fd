import { registerProjection, type StoredEvent, type Trx } from '../../store/eventStore';
import { POLICY_STREAM } from '../policies/policyEvents';
import { insertDocumentRow, insertNoteRow } from './annotationRows';
import { applyClaimChange, type ClaimChange } from './claimStatus';
import {
  CLAIM_STREAM,
  type ClaimPaymentMade,
  type ClaimStatus,
  type ClaimSubmitted,
  type FileAttached,
} from './matterEvents';

// Read tables of a policy's notes, documents and files, and of claims with their payments. Every write is
// safe to replay over rows already there (an insert of a known id does nothing, a submitted claim starts
// over), so a rebuild of the log gives the same tables whether or not they were cleared first.
async function projectPolicy(trx: Trx, event: StoredEvent): Promise<void> {
  if (event.type === 'policy.documentGenerated') {
    await insertDocumentRow(trx, event);
  } else if (event.type === 'policy.fileAttached') {
    const f = event.data as unknown as FileAttached;
    await trx
      .insertInto('policy_files')
      .values({
        id: f.fileId,
        policy_number: event.streamId,
        name: f.name,
        content_type: f.contentType,
        size: f.size,
        content_id: f.contentId,
        uploaded_at: event.recordedAt,
        uploaded_by: event.metadata.userId,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  } else if (event.type === 'policy.noteAdded') {
    await insertNoteRow(trx, event);
  }
}

async function projectClaim(trx: Trx, event: StoredEvent): Promise<void> {
  const db = trx;
  const claimId = Number(event.streamId);
  if (event.type === 'claim.submitted') {
    const c = event.data as unknown as ClaimSubmitted;
    const row = {
      claim_number: c.claimNumber,
      policy_number: c.policyNumber,
      status: 'SUBMITTED',
      loss_date: c.lossDate,
      reported_date: c.reportedDate,
      conditions: JSON.stringify(c.conditions),
      description: c.description,
      claimed_cents: c.claimedCents,
      approved_cents: null,
      paid_cents: 0,
      decision_reason: null,
      version: event.version,
      created_at: event.recordedAt,
      updated_at: event.recordedAt,
    };
    await db
      .insertInto('claims')
      .values({ id: claimId, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
    await db.deleteFrom('claim_payments').where('claim_id', '=', claimId).execute();
    return;
  }
  const claim = await db
    .selectFrom('claims')
    .select(['status', 'approved_cents', 'paid_cents'])
    .where('id', '=', claimId)
    .executeTakeFirst();
  if (!claim) return;
  const change = { ...event.data, type: event.type } as unknown as ClaimChange;
  const next = applyClaimChange(
    { status: claim.status as ClaimStatus, approvedCents: claim.approved_cents, paidCents: claim.paid_cents },
    change,
  );
  // The command checked the change before appending; a replay meets the same figures.
  if (!next) return;
  const reason = typeof event.data.reason === 'string' ? event.data.reason : undefined;
  await db
    .updateTable('claims')
    .set({
      status: next.status,
      approved_cents: next.approvedCents,
      paid_cents: next.paidCents,
      ...(reason !== undefined ? { decision_reason: reason } : {}),
      version: event.version,
      updated_at: event.recordedAt,
    })
    .where('id', '=', claimId)
    .execute();
  if (event.type === 'claim.paymentMade') {
    const p = event.data as unknown as ClaimPaymentMade;
    await db
      .insertInto('claim_payments')
      .values({
        id: p.paymentId,
        claim_id: claimId,
        paid_on: p.paidOn,
        amount_cents: p.amountCents,
        method: p.method,
        reference: p.reference,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}

registerProjection(POLICY_STREAM, projectPolicy);
registerProjection(CLAIM_STREAM, projectClaim);
