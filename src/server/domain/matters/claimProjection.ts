import type { Insertable, Updateable } from 'kysely';
import { type ProjectionSpec, type StoredEvent, type Trx } from '../../store/eventStore';
import { insertRows } from '../../store/insertRows';
import { applyClaimChange, claimMomentOf, type ClaimChange } from './claimStatus';
import {
  CLAIM_STREAM,
  type ClaimPaymentMade,
  type ClaimStatus,
  type StoredClaimSubmitted,
} from './matterEvents';
import type { ClaimPaymentsTable, ClaimsTable } from '../../store/tables/matterTables';

// Read tables of claims with their payments. Every write is safe to replay over rows already there (an
// insert of a known id does nothing, a submitted claim starts over), so a rebuild of the log gives the same
// tables whether or not they were cleared first. A policy's notes, documents and files are projected by its line
// (policies/policyAnnotationProjection.ts, rentersPolicies/rentersMatterProjection.ts).
type ClaimRow = Insertable<ClaimsTable> & { id: number };

function submittedRow(event: StoredEvent): ClaimRow {
  const c = event.data as unknown as StoredClaimSubmitted;
  return {
    id: Number(event.streamId),
    claim_number: c.claimNumber,
    policy_number: c.policyNumber,
    status: 'SUBMITTED',
    loss_date: c.lossDate,
    reported_date: c.reportedDate,
    // A condition named by its description alone (before migration 045) has no ailment id.
    conditions: JSON.stringify(
      c.conditions.map((condition) =>
        typeof condition === 'string' ? { ailmentId: null, description: condition } : condition,
      ),
    ),
    description: c.description,
    claimed_cents: c.claimedCents,
    approved_cents: null,
    paid_cents: 0,
    decision_reason: null,
    version: event.version,
    created_at: event.recordedAt,
    updated_at: event.recordedAt,
    source: c.source ?? null,
    diagnosis: c.diagnosis ?? null,
    treatment_start: c.treatmentStart ?? null,
    treatment_end: c.treatmentEnd ?? null,
    assessed_at: null,
    reassessed_at: null,
    closed_at: null,
  };
}

type ClaimFacts = {
  status: string;
  approved_cents: number | null;
  paid_cents: number;
  assessed_at: Date | string | null;
};

// What a later event does to the claim's figures (null: not allowed in its status, so nothing; the command
// checked the change before appending, and a replay meets the same figures), and the payment it records.
function claimChangeOf(
  claim: ClaimFacts,
  event: StoredEvent,
): { set: Updateable<ClaimsTable>; payment: Insertable<ClaimPaymentsTable> | null } | null {
  const change = { ...event.data, type: event.type } as unknown as ClaimChange;
  const next = applyClaimChange(
    { status: claim.status as ClaimStatus, approvedCents: claim.approved_cents, paidCents: claim.paid_cents },
    change,
  );
  if (!next) return null;
  const reason = typeof event.data.reason === 'string' ? event.data.reason : undefined;
  // Moments on the event's own time (the business clock's, docs/conventions.md): a decision after the first
  // would be a reassessment.
  const moment = claimMomentOf(event.type);
  const set: Updateable<ClaimsTable> = {
    status: next.status,
    approved_cents: next.approvedCents,
    paid_cents: next.paidCents,
    ...(reason !== undefined ? { decision_reason: reason } : {}),
    ...(moment === 'decided'
      ? claim.assessed_at === null
        ? { assessed_at: event.recordedAt }
        : { reassessed_at: event.recordedAt }
      : {}),
    ...(moment === 'closed' ? { closed_at: event.recordedAt } : {}),
    version: event.version,
    updated_at: event.recordedAt,
  };
  if (event.type !== 'claim.paymentMade') return { set, payment: null };
  const p = event.data as unknown as ClaimPaymentMade;
  return {
    set,
    payment: {
      id: p.paymentId,
      claim_id: Number(event.streamId),
      paid_on: p.paidOn,
      amount_cents: p.amountCents,
      method: p.method,
      reference: p.reference,
    },
  };
}

async function projectClaim(trx: Trx, event: StoredEvent): Promise<void> {
  const claimId = Number(event.streamId);
  if (event.type === 'claim.submitted') {
    const { id, ...row } = submittedRow(event);
    await trx
      .insertInto('claims')
      .values({ id, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
    await trx.deleteFrom('claim_payments').where('claim_id', '=', claimId).execute();
    return;
  }
  const claim = await trx
    .selectFrom('claims')
    .select(['status', 'approved_cents', 'paid_cents', 'assessed_at'])
    .where('id', '=', claimId)
    .executeTakeFirst();
  if (!claim) return;
  const change = claimChangeOf(claim, event);
  if (!change) return;
  await trx.updateTable('claims').set(change.set).where('id', '=', claimId).execute();
  if (change.payment) {
    await trx
      .insertInto('claim_payments')
      .values(change.payment)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}

// Each claim folded to its final row and payments in memory, then one insert per table.
async function projectClaims(trx: Trx, streams: readonly (readonly StoredEvent[])[]): Promise<void> {
  const claims: ClaimRow[] = [];
  const payments: Insertable<ClaimPaymentsTable>[] = [];
  for (const events of streams) {
    let claim: ClaimRow | null = null;
    let paid: Insertable<ClaimPaymentsTable>[] = [];
    for (const event of events) {
      if (event.type === 'claim.submitted') {
        claim = submittedRow(event);
        paid = [];
        continue;
      }
      if (!claim) continue;
      const change = claimChangeOf(
        {
          status: claim.status,
          approved_cents: claim.approved_cents ?? null,
          paid_cents: claim.paid_cents ?? 0,
          assessed_at: claim.assessed_at ?? null,
        },
        event,
      );
      if (!change) continue;
      Object.assign(claim, change.set);
      if (change.payment && !paid.some((p) => p.id === change.payment!.id)) paid.push(change.payment);
    }
    if (claim) claims.push(claim);
    payments.push(...paid);
  }
  await insertRows(trx, 'claims', claims);
  await insertRows(trx, 'claim_payments', payments);
}

export const claimProjection: ProjectionSpec = {
  streamType: CLAIM_STREAM,
  each: projectClaim,
  bulk: projectClaims,
};
