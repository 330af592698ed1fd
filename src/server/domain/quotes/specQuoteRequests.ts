import type { QuoteCommandResult } from '../../../api/schemas/quoteCommands';
import type { SpecQuoteRequest, SpecQuoteSave } from '../../../api/schemas/specQuoteRequests';
import { takesEvent } from '../../../machines/machineAnswers';
import { petQuoteJourneyMachine } from '../../../machines/petQuoteJourney';
import { refusalMessage } from '../actionRefused';
import { Invalid, Refused } from '../domainErrors';
import type { Trx } from '../../store/eventStore';
import { sqlStateOf } from '../../store/sqlState';
import { answerUnderwriting } from './answerUnderwriting';
import { chooseCoverage } from './chooseCoverage';
import { createQuote } from './createQuote';
import { type QuoteAttribution, quoteEvent } from './quoteEvents';
import { appendToQuote, journeyOf, type QuoteActor } from './quoteExecution';
import { quoteView } from './quoteQueries';
import { updateQuote } from './updateQuote';
import { requireAgentOf, requireCustomerOfRequest, withSpecFieldNames } from './specRequestChecks';

// SPEC §3's quote request (`POST /v1/quotes`, and `POST /v2/quote` with data; docs/quote-actions.md "A quote
// request as SPEC writes it"): one request makes the quote, records each pet's underwriting answers when
// every pet carries them, and chooses coverage when every pet carries a plan, in one transaction, so a
// refused answer or plan leaves no quote behind. The journey's own commands do each step, so the rules are
// the wrapper's; errors name the fields as the request wrote them.

export async function quoteFromRequest(
  actor: QuoteActor,
  request: SpecQuoteRequest,
): Promise<QuoteCommandResult> {
  if (request.requestId) {
    const made = await quoteOfRequest(actor, request.requestId);
    if (made) return made;
  }
  const make = withSpecFieldNames(() =>
    actor.db.transaction().execute(async (trx) => {
      const inTrx: QuoteActor = { ...actor, db: trx };
      const contact = await contactOf(inTrx, request);
      const attribution = await attributionOf(inTrx, request);
      const created = await refusedAs409(() =>
        createQuote(
          inTrx,
          {
            zip: contact.zip,
            startDate: request.startDate,
            customer: contact.customer,
            pets: request.pets.map((p) => ({
              name: p.name,
              species: p.species,
              breedCode: p.breed,
              age: p.age,
              gender: p.gender,
            })),
          },
          attribution,
        ),
      );
      return journeyOnward(inTrx, created, request);
    }),
  );
  try {
    return await make;
  } catch (error) {
    // The same requestId at the same moment from two processes: one quote is made, the other answers it.
    const made =
      request.requestId && sqlStateOf(error) === '23505' && (await quoteOfRequest(actor, request.requestId));
    if (made) return made;
    throw error;
  }
}

// With `uuid`: the quote's rating info again (the journey is taken back to it first, as the wrapper's `back`
// does step by step), then answers and coverage as on a new quote. Attribution is the quote's from its start.
export async function saveQuoteRequest(
  actor: QuoteActor,
  request: SpecQuoteSave,
): Promise<QuoteCommandResult> {
  const { uuid, version, ...rest } = request;
  if (!uuid) return quoteFromRequest(actor, rest);
  return withSpecFieldNames(() =>
    actor.db.transaction().execute(async (trx) => {
      const inTrx: QuoteActor = { ...actor, db: trx };
      const contact = await contactOf(inTrx, rest);
      let current = version;
      for (let step = 0; step < 4; step += 1) {
        const { state } = await journeyOf(trx, uuid);
        if (state === 'ratingInfo' || !takesEvent(petQuoteJourneyMachine, state, 'quote.back')) break;
        current = (await appendToQuote(trx, inTrx, uuid, [quoteEvent.back()], current)).quote.version;
      }
      const updated = await refusedAs409(() =>
        updateQuote(inTrx, {
          uuid,
          version: current,
          zip: contact.zip,
          startDate: rest.startDate,
          customer: contact.customer,
          pets: rest.pets.map((p) => ({
            name: p.name,
            species: p.species,
            breedCode: p.breed,
            age: p.age,
            gender: p.gender,
          })),
        }),
      );
      return journeyOnward(inTrx, updated, rest);
    }),
  );
}

// Answers when every pet has them, then coverage when every pet has a plan and none was declined.
async function journeyOnward(
  actor: QuoteActor,
  rated: QuoteCommandResult,
  request: SpecQuoteRequest,
): Promise<QuoteCommandResult> {
  const petIds = rated.quote.pets.map((p) => p.id);
  let result = rated;
  if (!request.pets.every((p) => p.underwritingAnswers)) return result;
  result = await answerUnderwriting(actor, {
    uuid: result.uuid,
    version: result.quote.version,
    pets: request.pets.map((p, i) => ({ petId: petIds[i]!, answers: p.underwritingAnswers! })),
  });
  if (result.step !== 'coverage' || !request.pets.every((p) => p.coverage)) return result;
  return refusedAs409(() =>
    chooseCoverage(actor, {
      uuid: result.uuid,
      version: result.quote.version,
      discountCode: request.discountCode ?? null,
      pets: request.pets.map((p, i) => {
        const c = p.coverage!;
        return {
          petId: petIds[i]!,
          planCode: c.planCode,
          ...(c.deductible !== undefined && { deductible: c.deductible }),
          ...(c.reimbursement !== undefined && { reimbursement: c.reimbursement }),
          ...(c.examFee !== undefined && { examFee: c.examFee }),
          ...(c.wellnessCode !== undefined && { wellnessCode: c.wellnessCode }),
        };
      }),
    }),
  );
}

// The same requestId again answers the quote it made (a retried request never makes a second quote); a
// requestId of a quote outside the caller's scope is refused as one already used.
async function quoteOfRequest(actor: QuoteActor, requestId: string): Promise<QuoteCommandResult | null> {
  const row = await actor.db
    .selectFrom('quotes')
    .select(['uuid', 'created_by'])
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.created_by !== actor.principal.userId) {
    throw new Invalid({ requestId: ['This request id was used for another quote.'] });
  }
  const quote = await quoteView(actor.db, row.uuid);
  return { uuid: quote.uuid, step: quote.step, quote };
}

// The contact fields, each as sent or, when `customerId` names a policyholder, the policyholder's.
async function contactOf(actor: QuoteActor, request: SpecQuoteRequest) {
  const holder = request.customerId ? await requireCustomerOfRequest(actor, request.customerId) : null;
  const pick = (field: keyof typeof fromHolder) => request[field] ?? fromHolder[field];
  const fromHolder = {
    firstName: holder?.first_name,
    lastName: holder?.last_name,
    email: holder?.email,
    phone: holder?.phone,
    street: holder?.address_line_1,
    city: holder?.city,
    zip: holder?.zip,
  };
  const errors: Record<string, string[]> = {};
  const value = (field: keyof typeof fromHolder): string => {
    const v = pick(field);
    if (!v) errors[field] = ['This field is required.'];
    return v ?? '';
  };
  const contact = {
    zip: value('zip'),
    customer: {
      firstName: value('firstName'),
      lastName: value('lastName'),
      email: value('email'),
      phone: value('phone'),
      street: value('street'),
      city: value('city'),
    },
  };
  if (Object.keys(errors).length > 0) throw new Invalid(errors);
  return contact;
}

// The request's attribution, each id checked: the quote source is one the acting agency keeps and has
// enabled, the agent a user who may be credited for the agency.
async function attributionOf(actor: QuoteActor, request: SpecQuoteRequest): Promise<QuoteAttribution> {
  const trx = actor.db as Trx;
  if (request.entitySourceId !== undefined) {
    const source = await trx
      .selectFrom('entity_quote_sources')
      .select('id')
      .where('id', '=', request.entitySourceId)
      .where('entity_id', '=', actor.acting.id)
      .where('is_enabled', '=', true)
      .executeTakeFirst();
    if (!source) throw new Invalid({ entitySourceId: ['This is not a quote source of the agency.'] });
  }
  if (request.loggedInAgentId !== undefined) {
    await requireAgentOf(actor, request.loggedInAgentId, actor.acting.id, 'loggedInAgentId');
  }
  return {
    requestId: request.requestId ?? null,
    quotingPlatform: 'API',
    quoteMethod: request.quoteMethod ?? null,
    entitySourceId: request.entitySourceId ?? null,
    programId: request.programId === undefined ? null : String(request.programId),
    loggedInAgentId: request.loggedInAgentId ?? null,
    discountCode: request.discountCode?.trim() || null,
  };
}

// What the wrapper answers as `{data: {error}}` (a state that does not sell, a pet too old, a plan not
// filed) is a 409 here, with the same message.
async function refusedAs409<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const message = refusalMessage(error);
    if (message === null) throw error;
    throw new Refused(message);
  }
}
