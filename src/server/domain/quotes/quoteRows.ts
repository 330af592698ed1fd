import type { Insertable } from 'kysely';
import { fold } from '../../store/aggregate';
import type { StoredEvent } from '../../store/eventStore';
import { quoteAggregate } from './quoteAggregate';
import type {
  QuoteCheckoutSubmitted,
  QuoteCoverageChosen,
  QuoteFraudFlagged,
  QuotePaymentRetried,
  QuotePetRemoved,
  QuotePetsRated,
  QuotePurchaseFailed,
  QuotePurchaseSucceeded,
  QuoteStarted,
  QuoteUnderwritingAnswered,
} from './quoteEvents';
import type { QuotePetsTable, QuotesTable } from '../../store/tables/quoteTables';

// A quote's read rows (`quotes`, `quote_pets`) as its events leave them: one pure fold that the per-event
// projection runs over the stream up to the event and the bulk projection over whole streams. Data of each
// event is what the commands of this module wrote (quoteEvents.ts), so it is read with its declared type.

export type QuoteRow = Insertable<QuotesTable> & { uuid: string };
export type QuotePetRow = Insertable<QuotePetsTable>;

export interface QuoteRows {
  quote: QuoteRow;
  // In the order the rating step listed them (pet_index).
  pets: QuotePetRow[];
  // The purchase went through: its pets take the policy numbers `policies` holds for them (the policies are
  // issued just before the purchase's event), which the rows' writer looks up. The journey ends there, so no
  // later event changes the pets.
  purchased: boolean;
}

// Events that change a quote's pets; the others leave `quote_pets` as it was.
export const QUOTE_PET_EVENTS: ReadonlySet<string> = new Set([
  'quote.petsRated',
  'quote.underwritingAnswered',
  'quote.petRemoved',
  'quote.coverageChosen',
  'quote.purchaseSucceeded',
]);

// Null until the stream holds quote.started, which makes the row.
export function quoteRowsOf(events: readonly StoredEvent[]): QuoteRows | null {
  let rows: QuoteRows | null = null;
  for (const event of events) {
    if (event.type === 'quote.started') rows = started(event);
    else if (rows) apply(rows, event);
  }
  if (!rows) return null;
  rows.quote.journey_state = String(fold(quoteAggregate, events).value);
  rows.quote.version = events.at(-1)!.version;
  return rows;
}

function started(event: StoredEvent): QuoteRows {
  const data = event.data as unknown as QuoteStarted;
  return {
    quote: {
      uuid: event.streamId,
      entity_id: data.entityId,
      created_by: event.metadata.userId,
      first_name: null,
      last_name: null,
      email: null,
      phone: null,
      street: null,
      street2: null,
      city: null,
      state: null,
      zip: null,
      start_date: null,
      journey_state: 'ratingInfo',
      created_at: event.recordedAt,
      purchased_at: null,
      policy_number: null,
      version: event.version,
      customer_id: null,
      fraud_warning: null,
      fraud_acknowledged: false,
      payment_method: null,
      payment_last4: null,
      payment_period: null,
      ...NO_PAYMENT_ERROR,
      ...NO_TOTALS,
      charged_cents: null,
      charge_id: null,
      request_id: data.attribution?.requestId ?? null,
      quoting_platform: data.attribution?.quotingPlatform ?? null,
      quote_method: data.attribution?.quoteMethod ?? null,
      entity_source_id: data.attribution?.entitySourceId ?? null,
      program_id: data.attribution?.programId ?? null,
      logged_in_agent_id: data.attribution?.loggedInAgentId ?? null,
      sold_by_agent_id: null,
      // The code the request asked for, which coverage offers first (the coverage step rates with its own).
      discount_code: data.attribution?.discountCode ?? null,
    },
    pets: [],
    purchased: false,
  };
}

function apply(rows: QuoteRows, event: StoredEvent): void {
  const { quote } = rows;
  switch (event.type) {
    case 'quote.petsRated': {
      const { customer, pets, startDate } = event.data as unknown as QuotePetsRated;
      patch(quote, {
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
      });
      // New rating facts replace the pets; answers and plans are asked again (decision 005).
      rows.pets = pets.map((p, i) => ({
        quote_uuid: quote.uuid,
        pet_id: p.id,
        pet_index: i,
        name: p.name,
        species: p.species,
        breed: p.breed,
        age: p.age,
        gender: p.gender,
        answers: null,
        declined: false,
        ...NO_PLAN,
        policy_number: null,
      }));
      return;
    }
    case 'quote.underwritingAnswered': {
      const { answers, declinedPetIds } = event.data as unknown as QuoteUnderwritingAnswered;
      for (const [petId, petAnswers] of Object.entries(answers)) {
        const pet = rows.pets.find((p) => p.pet_id === petId);
        if (pet) {
          patch(pet, {
            answers: JSON.stringify(petAnswers),
            declined: declinedPetIds.includes(petId),
            ...NO_PLAN,
          });
        }
      }
      patch(quote, NO_TOTALS);
      return;
    }
    case 'quote.petRemoved': {
      const { petId } = event.data as unknown as QuotePetRemoved;
      rows.pets = rows.pets.filter((p) => p.pet_id !== petId);
      patch(quote, NO_TOTALS);
      return;
    }
    case 'quote.coverageChosen': {
      const { plans, premiums, discountCode, totals } = event.data as unknown as QuoteCoverageChosen;
      for (const [petId, plan] of Object.entries(plans)) {
        const premium = premiums[petId]!;
        const pet = rows.pets.find((p) => p.pet_id === petId);
        if (pet) {
          patch(pet, {
            plan_code: plan.planCode,
            deductible_cents: plan.deductibleCents,
            reimbursement: plan.reimbursementPercent,
            exam_fee: premium.examFee,
            wellness_code: plan.wellnessLevel,
            monthly_premium_cents: premium.monthlyPremiumCents,
            downpayment_cents: premium.downpaymentCents,
            total_premium_cents: premium.totalPremiumCents,
          });
        }
      }
      patch(quote, {
        discount_code: discountCode,
        monthly_downpayment_cents: totals?.monthlyDownpayment ?? null,
        monthly_installment_cents: totals?.monthlyInstallment ?? null,
        monthly_total_cents: totals?.monthlyTotal ?? null,
        annual_total_cents: totals?.annualTotal ?? null,
      });
      return;
    }
    case 'quote.fraudFlagged': {
      const { reason } = event.data as unknown as QuoteFraudFlagged;
      patch(quote, { fraud_warning: reason, fraud_acknowledged: false });
      return;
    }
    case 'quote.fraudAcknowledged': {
      patch(quote, { fraud_acknowledged: true });
      return;
    }
    case 'quote.checkoutSubmitted': {
      // State and zip stay the quote's (CheckoutCustomer).
      const { customer, payment, paymentPeriod, agentId } = event.data as unknown as QuoteCheckoutSubmitted;
      patch(quote, {
        sold_by_agent_id: agentId ?? null,
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
      });
      return;
    }
    case 'quote.paymentRetried': {
      const { payment, paymentPeriod } = event.data as unknown as QuotePaymentRetried;
      patch(quote, {
        payment_method: payment.method,
        payment_last4: payment.last4,
        payment_period: paymentPeriod,
        ...NO_PAYMENT_ERROR,
      });
      return;
    }
    case 'quote.purchaseFailed': {
      const { reason, message } = event.data as unknown as QuotePurchaseFailed;
      patch(quote, { payment_error_reason: reason, payment_error_message: message });
      return;
    }
    case 'quote.purchaseSucceeded': {
      const data = event.data as unknown as QuotePurchaseSucceeded;
      patch(quote, {
        purchased_at: event.recordedAt,
        policy_number: data.policyNumbers[0] ?? null,
        customer_id: data.customerId,
        charged_cents: data.amountCents,
        charge_id: data.chargeId,
        ...NO_PAYMENT_ERROR,
      });
      rows.purchased = true;
      return;
    }
  }
}

// A field the event leaves out keeps its value, as an UPDATE leaves a column kysely is given undefined for.
function patch<T extends object>(row: T, changes: Partial<T>): void {
  for (const [key, value] of Object.entries(changes)) {
    if (value !== undefined) (row as Record<string, unknown>)[key] = value;
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
