import { randomUUID } from 'node:crypto';
import { takesEvent } from '../../../machines/machineAnswers';
import { rentersQuoteJourneyMachine } from '../../../machines/rentersQuoteJourney';
import type {
  ChooseRentersCoverageRequest,
  GiveRentersCustomerRequest,
  GiveRentersPaymentRequest,
  RentersQuoteView,
  StartRentersQuoteRequest,
} from '../../../api/schemas/rentersQuotes';
import { Invalid } from '../domainErrors';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { requireQuotingEntities } from '../entities/quotingRight';
import { RatingError } from '../rating/ratingError';
import { stateOfZip } from '../rating/zipStates';
import { rentersToday } from '../rentersPolicies/rentersToday';
import { loadRentersRateTables } from '../rentersRating/loadRentersRateTables';
import { rateRentersQuote } from '../rentersRating/rateRentersQuote';
import type { RentersRateTables } from '../rentersRating/rentersTypes';
import { rentersQuoteEvent } from './rentersQuoteEvents';
import {
  appendToRentersQuote,
  rentersJourneyOf,
  rentersStepRefusal,
  requireWritableRentersQuote,
  type RentersQuoteActor,
} from './rentersQuoteExecution';
import { requireNoCoverageOverlap } from './rentersCoverageCheck';
import { requireRewritablePolicy } from './rentersRewriteCheck';
import { addressOf, coverageOf, fractionalCents, ratingInput } from './rentersWire';

// The steps of a renters quote up to the payment method (docs/renters-quotes.md). Each checks its input
// first (422, nothing written), then appends through the journey, which refuses a step out of order (409).

// How far ahead a term may start; a start date in the past is never sold.
export const MAX_DAYS_AHEAD = 60;

function daysAhead(date: string, today: string): number {
  return (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
}

// The state's tables on the date, with a rating error (a date the store cannot read) as a 422.
async function tablesOf(db: Db | Trx, stateCode: string, date: string): Promise<RentersRateTables> {
  try {
    return await loadRentersRateTables(db, stateCode, date);
  } catch (error) {
    if (error instanceof RatingError) throw new Invalid({ [error.field]: [error.message] });
    throw error;
  }
}

// The start step: the property must be in a state that sells renters on the effective date.
async function checkStart(db: Db, data: StartRentersQuoteRequest, today: string): Promise<void> {
  const errors: Record<string, string[]> = {};
  const ahead = daysAhead(data.effective_date, today);
  if (ahead < 0) errors.effective_date = ['The effective date cannot be in the past.'];
  else if (ahead > MAX_DAYS_AHEAD) {
    errors.effective_date = [`The effective date must be within ${MAX_DAYS_AHEAD} days from today.`];
  }
  const { state, zip_code } = data.property;
  if (stateOfZip(zip_code) !== state)
    errors['property.zip_code'] = [`${zip_code} is not a ${state} zip code.`];
  if (Object.keys(errors).length === 0) {
    const tables = await tablesOf(db, state, data.effective_date);
    if (!tables.sold) {
      errors['property.state'] = [`Renters insurance is not sold in ${state} on ${data.effective_date}.`];
    }
  }
  if (Object.keys(errors).length > 0) throw new Invalid(errors);
}

// POST /v2/renters/quotes: the quote exists from its start step, made for the acting entity.
// With rewrite_of, the quote rewrites that policy (SPEC §4, docs/decisions/008): it is made for the old
// policy's entity, and its log opens with rentersQuote.rewriteStarted (the old policy's facts) before the
// start step, in one append, so the journey is prefilled and the purchase links the two policies.
export async function startRentersQuote(
  actor: RentersQuoteActor,
  data: StartRentersQuoteRequest,
): Promise<RentersQuoteView> {
  const rewriteOf = data.rewrite_of;
  const today = rentersToday(actor.clock);
  // Refusals before the input's own checks: an agent need not fix dates for a quote they cannot make.
  if (rewriteOf === undefined) await requireQuotingEntities(actor.db, [actor.acting.id]);
  else {
    const { entityId } = await actor.db
      .transaction()
      .execute((trx) => requireRewritablePolicy(trx, actor.principal, rewriteOf, today));
    // The rewrite is a quote for the old policy's entity.
    await requireQuotingEntities(actor.db, [actor.acting.id, entityId]);
  }
  await checkStart(actor.db, data, today);
  const id = randomUUID();
  const given = (entity: { entityCode: string | null; entityId: number }) =>
    rentersQuoteEvent.propertyGiven({
      id,
      ...entity,
      property: addressOf(data.property),
      effectiveDate: data.effective_date,
      interestedParty: data.interested_party && {
        name: data.interested_party.name,
        address: addressOf(data.interested_party),
      },
    });
  return actor.db.transaction().execute(async (trx) => {
    if (rewriteOf === undefined) {
      const event = given({ entityCode: actor.acting.entityCode, entityId: actor.acting.id });
      return appendToRentersQuote(trx, actor, id, [event]);
    }
    // Checked again inside the write, so the facts recorded are those the decision was made on.
    const { source, entityId } = await requireRewritablePolicy(trx, actor.principal, rewriteOf, today);
    // The rewrite's customer is known from the start, so a start inside the old cover (or another policy
    // of theirs at the address) is said on the date now, not at the purchase.
    await requireNoCoverageOverlap(trx, {
      entityId,
      email: source.customer.email,
      property: addressOf(data.property),
      effectiveDate: data.effective_date,
      rewriteOf,
    });
    const events = [
      rentersQuoteEvent.rewriteStarted({ source }),
      given({ entityCode: source.entityCode, entityId }),
    ];
    return appendToRentersQuote(trx, actor, id, events);
  });
}

// POST …/property: the start step saved again after going back to it. The quote keeps its id and entity
// (the journey refuses another), and its price is dropped until the coverage step is priced again.
export async function saveRentersProperty(
  actor: RentersQuoteActor,
  id: string,
  data: StartRentersQuoteRequest & { version?: number | undefined },
): Promise<RentersQuoteView> {
  const quote = await requireWritableRentersQuote(actor, id);
  await checkStart(actor.db, data, rentersToday(actor.clock));
  return actor.db.transaction().execute(async (trx) => {
    const { state, context } = await rentersJourneyOf(trx, id);
    if (!takesEvent(rentersQuoteJourneyMachine, state, 'rentersQuote.propertyGiven')) {
      throw rentersStepRefusal(state, 'rentersQuote.propertyGiven');
    }
    await requireNoCoverageOverlap(trx, {
      entityId: quote.entity_id,
      email: context.customer?.email ?? null,
      property: addressOf(data.property),
      effectiveDate: data.effective_date,
      rewriteOf: context.rewriteOf,
    });
    const event = rentersQuoteEvent.propertyGiven({
      id,
      entityCode: context.entityCode,
      entityId: quote.entity_id,
      property: addressOf(data.property),
      effectiveDate: data.effective_date,
      interestedParty: data.interested_party && {
        name: data.interested_party.name,
        address: addressOf(data.interested_party),
      },
    });
    return appendToRentersQuote(trx, actor, id, [event], data.version);
  });
}

// POST …/coverage: held against the state's option rules and rated on the quote's date and zip code.
export async function chooseRentersCoverage(
  actor: RentersQuoteActor,
  id: string,
  data: ChooseRentersCoverageRequest,
): Promise<RentersQuoteView> {
  await requireWritableRentersQuote(actor, id);
  const fractional = fractionalCents(data.coverage);
  if (Object.keys(fractional).length > 0) throw new Invalid(fractional);
  return actor.db.transaction().execute(async (trx) => {
    const { state, context } = await rentersJourneyOf(trx, id);
    // The step first: options priced against no property would be a misleading 422.
    if (!takesEvent(rentersQuoteJourneyMachine, state, 'rentersQuote.coverageChosen')) {
      throw rentersStepRefusal(state, 'rentersQuote.coverageChosen');
    }
    const property = context.property!;
    const coverage = coverageOf(data.coverage);
    const tables = await tablesOf(trx, property.stateCode, context.effectiveDate!);
    const rated = rateRentersQuote(tables, ratingInput(property.zipCode, data.term_interval, coverage));
    if (!rated.ok) throw new Invalid(rated.errors);
    const r = rated.rating;
    const event = rentersQuoteEvent.coverageChosen({
      coverage,
      premium: {
        termInterval: r.term_interval,
        termPremiumCents: r.term_premium,
        taxesCents: r.taxes.total,
        feesCents: r.fee_total,
        totalCents: r.total,
      },
      rating: r,
    });
    return appendToRentersQuote(trx, actor, id, [event], data.version);
  });
}

// POST …/customer: the policyholder and their phone numbers (one primary).
export async function giveRentersCustomer(
  actor: RentersQuoteActor,
  id: string,
  data: GiveRentersCustomerRequest,
): Promise<RentersQuoteView> {
  await requireWritableRentersQuote(actor, id);
  const event = rentersQuoteEvent.customerGiven({
    customer: {
      firstName: data.customer.name_first,
      lastName: data.customer.name_last,
      email: data.customer.email,
      mailingAddress: data.customer.mailing_address && addressOf(data.customer.mailing_address),
    },
    contacts: data.contacts.map((c) => ({
      typeCode: c.type,
      numberType: c.number_type,
      number: c.number,
      extension: c.extension,
      additionalInfo: c.additional_info,
    })),
  });
  return actor.db.transaction().execute((trx) => appendToRentersQuote(trx, actor, id, [event], data.version));
}

// The token must exist and be the caller's own: tokens of other users are as unknown as made-up ones.
export async function rentersPaymentOf(
  actor: RentersQuoteActor,
  token: string,
  billingZipCode: string,
  field = 'token',
) {
  const stored = await actor.payments.findToken(token);
  if (!stored || stored.createdBy !== actor.principal.userId) {
    throw new Invalid({ [field]: ['The payment method is not known; enter it again.'] });
  }
  return { method: stored.method, token: stored.token, last4: stored.last4, billingZipCode };
}

// POST …/payment-method: only the token, its last four digits and the billing zip are kept.
export async function giveRentersPayment(
  actor: RentersQuoteActor,
  id: string,
  data: GiveRentersPaymentRequest,
): Promise<RentersQuoteView> {
  await requireWritableRentersQuote(actor, id);
  const payment = await rentersPaymentOf(actor, data.token, data.billing_zip_code);
  const event = rentersQuoteEvent.paymentMethodGiven({ payment });
  return actor.db.transaction().execute((trx) => appendToRentersQuote(trx, actor, id, [event], data.version));
}

// POST …/back: one step back; the data given stays as the step's defaults.
export async function rentersQuoteBack(
  actor: RentersQuoteActor,
  id: string,
  version?: number,
): Promise<RentersQuoteView> {
  await requireWritableRentersQuote(actor, id);
  return actor.db
    .transaction()
    .execute((trx) => appendToRentersQuote(trx, actor, id, [rentersQuoteEvent.back()], version));
}
