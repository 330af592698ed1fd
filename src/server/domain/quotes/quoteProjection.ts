import { fold } from '../../store/aggregate';
import { readStream, registerProjection, type StoredEvent, type Trx } from '../../store/eventStore';
import { quoteAggregate } from './quoteAggregate';
import {
  QUOTE_STREAM,
  type QuoteCheckoutSubmitted,
  type QuoteFraudFlagged,
  type QuotePaymentRetried,
  type QuotePurchaseFailed,
  type QuotePurchaseSucceeded,
  type QuoteCoverageChosen,
  type QuotePetRemoved,
  type QuotePetsRated,
  type QuoteStarted,
  type QuoteUnderwritingAnswered,
} from './quoteEvents';

// Read tables `quotes` and `quote_pets`, kept in step with the quote stream. Data of each event is what the
// commands of this module wrote (quoteEvents.ts), so it is read with its declared type.

// The journey state after this event: the stream folded up to it (a rebuild replays the log in order, so
// later events must not count). Quote streams are short, so folding each time is cheap.
async function stateAfter(trx: Trx, event: StoredEvent): Promise<string> {
  const events = await readStream(trx, QUOTE_STREAM, event.streamId);
  const snapshot = fold(
    quoteAggregate,
    events.filter((e) => e.version <= event.version),
  );
  return String(snapshot.value);
}

async function applyFacts(trx: Trx, event: StoredEvent): Promise<void> {
  const uuid = event.streamId;
  switch (event.type) {
    case 'quote.started': {
      const data = event.data as unknown as QuoteStarted;
      await trx
        .insertInto('quotes')
        .values({
          uuid,
          entity_id: data.entityId,
          created_by: event.metadata.userId,
          journey_state: 'ratingInfo',
          created_at: event.recordedAt,
          version: event.version,
        })
        .execute();
      return;
    }
    case 'quote.petsRated': {
      const { customer, pets, startDate } = event.data as unknown as QuotePetsRated;
      await trx
        .updateTable('quotes')
        .set({
          first_name: customer.firstName,
          last_name: customer.lastName,
          email: customer.email,
          phone: customer.phone,
          street: customer.street,
          street2: null,
          city: customer.city,
          state: customer.state,
          zip: customer.zip,
          start_date: startDate,
          ...NO_TOTALS,
        })
        .where('uuid', '=', uuid)
        .execute();
      // New rating facts replace the pets; answers and plans are asked again (decision 005).
      await trx.deleteFrom('quote_pets').where('quote_uuid', '=', uuid).execute();
      await trx
        .insertInto('quote_pets')
        .values(
          pets.map((p, i) => ({
            quote_uuid: uuid,
            pet_id: p.id,
            pet_index: i,
            name: p.name,
            species: p.species,
            breed: p.breed,
            age: p.age,
            gender: p.gender,
          })),
        )
        .execute();
      return;
    }
    case 'quote.underwritingAnswered': {
      const { answers, declinedPetIds } = event.data as unknown as QuoteUnderwritingAnswered;
      for (const [petId, petAnswers] of Object.entries(answers)) {
        await trx
          .updateTable('quote_pets')
          .set({
            answers: JSON.stringify(petAnswers),
            declined: declinedPetIds.includes(petId),
            ...NO_PLAN,
          })
          .where('quote_uuid', '=', uuid)
          .where('pet_id', '=', petId)
          .execute();
      }
      await trx.updateTable('quotes').set(NO_TOTALS).where('uuid', '=', uuid).execute();
      return;
    }
    case 'quote.petRemoved': {
      const { petId } = event.data as unknown as QuotePetRemoved;
      await trx.deleteFrom('quote_pets').where('quote_uuid', '=', uuid).where('pet_id', '=', petId).execute();
      await trx.updateTable('quotes').set(NO_TOTALS).where('uuid', '=', uuid).execute();
      return;
    }
    case 'quote.coverageChosen': {
      const { plans, premiums, discountCode, totals } = event.data as unknown as QuoteCoverageChosen;
      for (const [petId, plan] of Object.entries(plans)) {
        const premium = premiums[petId]!;
        await trx
          .updateTable('quote_pets')
          .set({
            plan_code: plan.planCode,
            deductible_cents: plan.deductibleCents,
            reimbursement: plan.reimbursementPercent,
            exam_fee: premium.examFee,
            wellness_code: plan.wellnessLevel,
            monthly_premium_cents: premium.monthlyPremiumCents,
            downpayment_cents: premium.downpaymentCents,
            total_premium_cents: premium.totalPremiumCents,
          })
          .where('quote_uuid', '=', uuid)
          .where('pet_id', '=', petId)
          .execute();
      }
      await trx
        .updateTable('quotes')
        .set({
          discount_code: discountCode,
          monthly_downpayment_cents: totals?.monthlyDownpayment ?? null,
          monthly_installment_cents: totals?.monthlyInstallment ?? null,
          monthly_total_cents: totals?.monthlyTotal ?? null,
          annual_total_cents: totals?.annualTotal ?? null,
        })
        .where('uuid', '=', uuid)
        .execute();
      return;
    }
    case 'quote.fraudFlagged': {
      const { reason } = event.data as unknown as QuoteFraudFlagged;
      await trx
        .updateTable('quotes')
        .set({ fraud_warning: reason, fraud_acknowledged: false })
        .where('uuid', '=', uuid)
        .execute();
      return;
    }
    case 'quote.fraudAcknowledged': {
      await trx.updateTable('quotes').set({ fraud_acknowledged: true }).where('uuid', '=', uuid).execute();
      return;
    }
    case 'quote.checkoutSubmitted': {
      const { customer, payment, paymentPeriod } = event.data as unknown as QuoteCheckoutSubmitted;
      await trx
        .updateTable('quotes')
        .set({
          first_name: customer.firstName,
          last_name: customer.lastName,
          email: customer.email,
          phone: customer.phone,
          street: customer.street,
          street2: customer.street2,
          city: customer.city,
          payment_method: payment.method,
          payment_last4: payment.last4,
          payment_period: paymentPeriod,
          ...NO_PAYMENT_ERROR,
        })
        .where('uuid', '=', uuid)
        .execute();
      return;
    }
    case 'quote.paymentRetried': {
      const { payment, paymentPeriod } = event.data as unknown as QuotePaymentRetried;
      await trx
        .updateTable('quotes')
        .set({
          payment_method: payment.method,
          payment_last4: payment.last4,
          payment_period: paymentPeriod,
          ...NO_PAYMENT_ERROR,
        })
        .where('uuid', '=', uuid)
        .execute();
      return;
    }
    case 'quote.purchaseFailed': {
      const { reason, message } = event.data as unknown as QuotePurchaseFailed;
      await trx
        .updateTable('quotes')
        .set({ payment_error_reason: reason, payment_error_message: message })
        .where('uuid', '=', uuid)
        .execute();
      return;
    }
    case 'quote.purchaseSucceeded': {
      const data = event.data as unknown as QuotePurchaseSucceeded;
      await trx
        .updateTable('quotes')
        .set({
          purchased_at: event.recordedAt,
          policy_number: data.policyNumbers[0] ?? null,
          customer_id: data.customerId,
          charged_cents: data.amountCents,
          charge_id: data.chargeId,
          ...NO_PAYMENT_ERROR,
        })
        .where('uuid', '=', uuid)
        .execute();
      // The policies were issued just before this event (policy stream), one per pet.
      await trx
        .updateTable('quote_pets')
        .set((eb) => ({
          policy_number: eb
            .selectFrom('policies')
            .select('policies.policy_number')
            .whereRef('policies.quote_uuid', '=', 'quote_pets.quote_uuid')
            .whereRef('policies.pet_id', '=', 'quote_pets.pet_id'),
        }))
        .where('quote_uuid', '=', uuid)
        .execute();
      return;
    }
  }
}

const NO_TOTALS = {
  monthly_downpayment_cents: null,
  monthly_installment_cents: null,
  monthly_total_cents: null,
  annual_total_cents: null,
} as const;

const NO_PAYMENT_ERROR = { payment_error_reason: null, payment_error_message: null } as const;

const NO_PLAN = {
  plan_code: null,
  deductible_cents: null,
  reimbursement: null,
  exam_fee: null,
  wellness_code: null,
  monthly_premium_cents: null,
  downpayment_cents: null,
  total_premium_cents: null,
} as const;

async function project(trx: Trx, event: StoredEvent): Promise<void> {
  await applyFacts(trx, event);
  await trx
    .updateTable('quotes')
    .set({ journey_state: await stateAfter(trx, event), version: event.version })
    .where('uuid', '=', event.streamId)
    .execute();
}

registerProjection(QUOTE_STREAM, project);
