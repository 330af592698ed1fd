import { sql } from 'kysely';
import type { BusinessDate } from '../../../calendar';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { shareOfCharge } from '../moneyRules/chargeShares';
import { monthlySchedule } from '../rating/paymentSchedule';
import { appendBilling } from './billingCommands';
import { billingEvent, type PaymentMethodOnFile } from './billingEvents';
import { termSchedule } from './billingSchedule';

// The purchase's charge as the billing stream records it: the first instalment, collected.
export interface PurchaseCharge {
  chargeId: string | null;
  // What the purchase charged for this policy (its share when one charge paid for several pets).
  amountCents: number;
  payment: PaymentMethodOnFile;
  collectedOn: BusinessDate;
  // When the purchase happened (a moved clock's time); the database's clock when absent.
  recordedAt?: Date;
}

// Opens a pet policy's billing stream, in the transaction that issued it (policy.issued already projected):
// the schedule of its plan, its first instalment collected by the purchase. The monthly instalments are the
// policy's share of the quote's monthly payment (the pets' annual premiums weigh it), as checkout showed.
// `petIndex` is the policy's pet's place on the quote, which the issuing purchase knows: the quote's pets do
// not name their policies until the purchase has been projected, after every policy is issued.
export async function openPetBilling(
  trx: Trx,
  metadata: EventMetadata,
  policyNumber: string,
  petIndex: number,
  charge: PurchaseCharge,
): Promise<void> {
  const policy = await trx
    .selectFrom('policies as p')
    .innerJoin('quotes as q', 'q.uuid', 'p.quote_uuid')
    .select([
      'p.entity_id',
      'p.customer_id',
      'p.quote_uuid',
      'p.payment_period',
      'p.annual_premium_cents',
      'q.monthly_installment_cents',
      sql<string>`to_char(p.effective_date, 'YYYY-MM-DD')`.as('effective_day'),
      sql<string>`to_char(p.expiration_date, 'YYYY-MM-DD')`.as('expiration_day'),
    ])
    .where('p.policy_number', '=', policyNumber)
    .executeTakeFirstOrThrow();
  const pets = await trx
    .selectFrom('quote_pets')
    .select(['total_premium_cents'])
    .where('quote_uuid', '=', policy.quote_uuid)
    .orderBy('pet_index')
    .execute();
  if (petIndex < 0 || petIndex >= pets.length) throw new RangeError(`No pet ${petIndex} on the quote`);
  const weights = pets.map((p) => p.total_premium_cents ?? 0);
  const monthlyCents =
    policy.monthly_installment_cents !== null && pets.length > 0
      ? shareOfCharge(policy.monthly_installment_cents, weights, petIndex)
      : monthlySchedule(policy.annual_premium_cents).monthly;
  const plan = policy.payment_period === 'ANNUAL' ? 'annual' : 'monthly';
  await appendBilling(
    trx,
    { line: 'pet', policyNumber },
    [
      billingEvent.opened({
        line: 'pet',
        policyNumber,
        entityId: policy.entity_id,
        customerId: policy.customer_id,
        plan,
        effectiveDate: policy.effective_day,
        expirationDate: policy.expiration_day,
        payment: charge.payment,
        instalments: termSchedule({
          plan,
          effectiveDate: policy.effective_day,
          firstCents: charge.amountCents,
          monthlyCents,
        }),
        firstCollected: { chargeId: charge.chargeId, collectedOn: charge.collectedOn },
      }),
    ],
    metadata,
    charge.recordedAt,
  );
}

// Opens a renters policy's billing stream in its purchase's transaction: the rated schedule (the first
// payment as charged, then the rating's next bill each month of a monthly term).
export async function openRentersBilling(
  trx: Trx,
  metadata: EventMetadata,
  policy: {
    policyNumber: string;
    entityId: number;
    customerId: number;
    termInterval: 'annual' | 'monthly';
    effectiveDate: BusinessDate;
    expirationDate: BusinessDate;
    nextBillCents: number | null;
  },
  charge: PurchaseCharge,
): Promise<void> {
  const plan = policy.termInterval === 'monthly' && policy.nextBillCents !== null ? 'monthly' : 'annual';
  await appendBilling(
    trx,
    { line: 'renters', policyNumber: policy.policyNumber },
    [
      billingEvent.opened({
        line: 'renters',
        policyNumber: policy.policyNumber,
        entityId: policy.entityId,
        customerId: policy.customerId,
        plan,
        effectiveDate: policy.effectiveDate,
        expirationDate: policy.expirationDate,
        payment: charge.payment,
        instalments: termSchedule({
          plan,
          effectiveDate: policy.effectiveDate,
          firstCents: charge.amountCents,
          monthlyCents: policy.nextBillCents ?? 0,
        }),
        firstCollected: { chargeId: charge.chargeId, collectedOn: charge.collectedOn },
      }),
    ],
    metadata,
    charge.recordedAt,
  );
}
