import { registerProjection, type StoredEvent, type Trx } from '../../store/eventStore';
import { POLICY_STREAM, type PolicyIssued } from './policyEvents';

// Read table `policies` (SPEC §3 "Policies (pets)"), kept in step with the policy stream; policy search
// reads it.
async function project(trx: Trx, event: StoredEvent): Promise<void> {
  if (event.type !== 'policy.issued') return;
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

registerProjection(POLICY_STREAM, project);
