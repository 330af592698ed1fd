import { registerProjection, type StoredEvent, type Trx } from '../../store/eventStore';
import { refundKey } from './policyRefunds';
import { POLICY_STREAM, type PolicyCancelled, type PolicyIssued } from './policyEvents';

// Read table `policies` (SPEC §3 "Policies (pets)"), kept in step with the policy stream; policy search
// reads it.
async function project(trx: Trx, event: StoredEvent): Promise<void> {
  if (event.type !== 'policy.issued') {
    await projectLater(trx, event);
    return;
  }
  const p = event.data as unknown as PolicyIssued;
  await trx
    .insertInto('policies')
    .values({
      policy_number: p.policyNumber,
      matter_id: p.matterId,
      policy_version: event.version,
      quote_uuid: p.quoteUuid,
      entity_id: p.entityId,
      customer_id: p.customerId,
      pet_id: p.pet.id,
      pet_name: p.pet.name,
      species: p.pet.species,
      breed: p.pet.breed,
      gender: p.pet.gender,
      age_at_inception: p.pet.ageAtInception,
      plan_code: p.planCode,
      term_type: p.termType,
      status_code: 'ACTIVE',
      brand_code: null,
      state: p.state,
      deductible_cents: p.deductibleCents,
      reimbursement: p.reimbursement,
      annual_coverage_cents: p.annualCoverageCents,
      exam_fee: p.examFee,
      wellness_code: p.wellnessCode,
      annual_premium_cents: p.premiumCents,
      payment_period: p.paymentPeriod,
      init_pay_successful: p.initialPaymentSuccessful,
      purchase_date: p.purchaseDate,
      inception_date: p.effectiveDate,
      effective_date: p.effectiveDate,
      expiration_date: p.expirationDate,
      cancel_effective_date: null,
      purchased_at: event.recordedAt,
    })
    .execute();
}

// Every later event moves the policy's version; a cancellation also its status and the refund record. The
// status is CANCELLED from the commit on, with the cancel effective date saying when cover ends (SPEC §9:
// CANCELLED is the only other status shown); the policy's lifecycle tells what may still be done.
async function projectLater(trx: Trx, event: StoredEvent): Promise<void> {
  const policyNumber = event.streamId;
  if (event.type !== 'policy.cancelled') {
    await trx
      .updateTable('policies')
      .set({ policy_version: event.version })
      .where('policy_number', '=', policyNumber)
      .execute();
    return;
  }
  const c = event.data as unknown as PolicyCancelled;
  const policy = await trx
    .updateTable('policies')
    .set({
      policy_version: event.version,
      status_code: 'CANCELLED',
      cancel_effective_date: c.cancelEffectiveDate,
      cancel_reason: c.reason,
    })
    .where('policy_number', '=', policyNumber)
    .returning('matter_id')
    .executeTakeFirstOrThrow();
  // The payment service's refund of this key, when a rebuild finds it already answered.
  const refunded = await trx
    .selectFrom('payment_refunds')
    .select('refund_id')
    .where('idempotency_key', '=', refundKey(policyNumber))
    .where('outcome', '=', 'ok')
    .executeTakeFirst();
  await trx
    .insertInto('policy_refunds')
    .values({
      policy_number: policyNumber,
      matter_id: policy.matter_id,
      amount_cents: c.refundCents,
      refunded_on: c.committedOn,
      reason: c.reason,
      reference: refunded?.refund_id ?? null,
      created_at: event.recordedAt,
    })
    .execute();
}

registerProjection(POLICY_STREAM, project);
