import { businessDate } from '../../../calendar';
import { execute } from '../../store/aggregate';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { PORTAL_BRAND_CODE } from '../brand/portalBrand';
import { quotesDeclinedAtPurchase } from './initialPayment';
import { policyAggregate } from './policyAggregate';
import { policyEvent } from './policyEvents';
import { nextMatterId, nextPolicyNumber, oneYearAfter } from './policyNumbers';

export interface Issue {
  quoteUuid: string;
  entityId: number;
  customerId: number;
  state: string;
  startDate: string;
  paymentPeriod: 'MONTHLY' | 'ANNUAL';
}

// One policy per pet on the quote, each its own stream, in the purchase's transaction. Answers the numbers
// in the pets' order on the quote. What the sale does beside the policies (their declarations, their billing)
// is the money path's (policyMoney/sellPetPolicies.ts).
export async function issuePolicies(trx: Trx, metadata: EventMetadata, issue: Issue): Promise<string[]> {
  const pets = await trx
    .selectFrom('quote_pets')
    .selectAll()
    .where('quote_uuid', '=', issue.quoteUuid)
    .orderBy('pet_index')
    .execute();
  const limits = await trx
    .selectFrom('pet_plans')
    .select(['plan_code', 'plan_limit_cents'])
    .where(
      'plan_code',
      'in',
      pets.map((p) => p.plan_code ?? ''),
    )
    .execute();
  const limitOf = new Map(limits.map((l) => [l.plan_code, l.plan_limit_cents]));
  // The purchase's business day, as a renters sale's (docs/conventions.md "Dates and times").
  const purchaseDate = businessDate(metadata.at);
  const declined = await quotesDeclinedAtPurchase(trx, [issue.quoteUuid]);
  const numbers: string[] = [];
  for (const pet of pets) {
    const policyNumber = await nextPolicyNumber(trx, issue.state);
    await execute(
      trx,
      policyAggregate,
      policyNumber,
      [
        policyEvent.issued({
          policyNumber,
          matterId: await nextMatterId(trx),
          quoteUuid: issue.quoteUuid,
          entityId: issue.entityId,
          customerId: issue.customerId,
          pet: {
            id: pet.pet_id,
            name: pet.name,
            species: pet.species,
            breed: pet.breed,
            gender: pet.gender,
            ageAtInception: pet.age,
          },
          planCode: pet.plan_code ?? '',
          annualCoverageCents: limitOf.get(pet.plan_code ?? '') ?? null,
          deductibleCents: pet.deductible_cents ?? 0,
          reimbursement: pet.reimbursement ?? 0,
          examFee: pet.exam_fee ?? false,
          wellnessCode: pet.wellness_code,
          premiumCents: pet.total_premium_cents ?? 0,
          state: issue.state,
          purchaseDate,
          effectiveDate: issue.startDate,
          expirationDate: oneYearAfter(issue.startDate),
          termType: 'ANNUAL',
          paymentPeriod: issue.paymentPeriod,
          initialPaymentSuccessful: !declined.has(issue.quoteUuid),
          brandCode: PORTAL_BRAND_CODE,
        }),
      ],
      metadata,
    );
    numbers.push(policyNumber);
  }
  return numbers;
}
