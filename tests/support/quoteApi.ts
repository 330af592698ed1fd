import { expect } from 'vitest';
import { QuoteCommandAnswer, QuoteViewAnswer, type QuoteView } from '../../src/api/schemas/quoteCommands';
import { UNDERWRITING_QUESTIONS } from '../../src/server/domain/entities/entityReference';
import { expectStatus, type EntityApi } from './entityApi';
import type { ApiResponse, RequestOptions } from './http';
import { AGENT } from './personas';

// The quote stream through the action wrapper (docs/quote-actions.md), for the quote API tests.
export const newQuote = {
  zip: '78701',
  startDate: '2026-11-22',
  customer: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.test',
    phone: '5125550199',
    street: '1 Congress Ave',
    city: 'Austin',
  },
  pets: [
    { name: 'Rex', species: 'DOG', breedCode: 'MIXED_BREED_MEDIUM', age: 3, gender: 'MALE' },
    { name: 'Tom', species: 'CAT', breedCode: 'ABYSSINIAN', age: 2, gender: 'FEMALE' },
  ],
};

export interface QuoteApi {
  act(method: 'GET' | 'POST', action: string, data: unknown, options?: ActOptions): Promise<ApiResponse>;
  command(action: string, data: unknown, options?: ActOptions): Promise<QuoteView>;
  create(data?: unknown, options?: ActOptions): Promise<QuoteView>;
  view(uuid: string, email?: string): Promise<QuoteView>;
  // Answers for every pet that decline only the pets named.
  answers(quote: QuoteView, declinedNames?: string[], email?: string): Promise<unknown>;
}

export interface ActOptions extends RequestOptions {
  email?: string;
  meta?: unknown;
}

export function quoteApi(e: EntityApi): QuoteApi {
  const act: QuoteApi['act'] = (method, action, data, options = {}) => {
    const { email = AGENT, meta, ...request } = options;
    return e.post('/v1/quote/action', email, { method, action, data, ...(meta ? { meta } : {}) }, request);
  };
  const command: QuoteApi['command'] = async (action, data, options) => {
    const response = await act('POST', action, data, options);
    expectStatus(response, 200);
    const answer = QuoteCommandAnswer.parse(response.body);
    expect(answer.data.step).toBe(answer.data.quote.step);
    return answer.data.quote;
  };
  return {
    act,
    command,
    create: (data = newQuote, options) => command('createQuote', data, options),
    async view(uuid, email = AGENT) {
      const response = await act('GET', 'quoteView', { uuid }, { email });
      expectStatus(response, 200);
      return QuoteViewAnswer.parse(response.body).data;
    },
    async answers(quote, declinedNames = [], email = AGENT) {
      const pets = [];
      for (const pet of quote.pets) {
        const response = await act('GET', 'underwritingQuestions', { species: pet.species }, { email });
        expectStatus(response, 200);
        const questions = (response.body as { data: { id: number }[] }).data;
        const decline = declinedNames.includes(pet.name);
        const answers: Record<string, boolean> = {};
        for (const { id } of questions) {
          const declining = UNDERWRITING_QUESTIONS.find((q) => q.id === id)!.declineAnswer;
          // The declining answer where the pet is to be declined, else the other one (or "no").
          answers[String(id)] = declining === null ? false : decline ? declining : !declining;
        }
        pets.push({ petId: pet.id, answers });
      }
      return { uuid: quote.uuid, pets };
    },
  };
}

// ----- Checkout and purchase (docs/purchase.md) -----

export const GOOD_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';
export const NO_FUNDS_CARD = '4000 0000 0000 9995';

let customers = 0;
// A policyholder no other test of this run uses (the fraud rule compares e-mails, phones and names).
export function uniqueCustomer(overrides: Partial<(typeof newQuote)['customer']> = {}) {
  customers++;
  const tag = `${Date.now().toString(36)}${customers}`;
  return {
    ...newQuote.customer,
    firstName: `Ada${customers}`,
    email: `ada.${tag}@example.test`,
    phone: `512${String((Date.now() + customers * 7919) % 10_000_000).padStart(7, '0')}`,
    ...overrides,
  };
}

// A payment token made by `email` through the payment session endpoints.
export async function tokenFor(e: EntityApi, email: string = AGENT, number = GOOD_CARD): Promise<string> {
  const session = await e.get('/v1/one-inc-session', email);
  expectStatus(session, 200);
  const { session_id } = (session.body as { data: { session_id: string } }).data;
  const method = await e.post(`/v1/one-inc-session/${session_id}/payment-methods`, email, {
    type: 'card',
    card: { number, expiry: '12/29', cvc: '123', name: 'Ada Lovelace', zip: '78701' },
  });
  expectStatus(method, 200);
  return (method.body as { data: { token: string } }).data.token;
}

// A new quote for a fresh customer walked to the checkout step.
export async function quoteAtCheckout(
  q: QuoteApi,
  options: ActOptions & { customer?: ReturnType<typeof uniqueCustomer>; pets?: unknown[] } = {},
): Promise<QuoteView> {
  const { customer = uniqueCustomer(), pets = newQuote.pets, ...act } = options;
  const created = await q.create({ ...newQuote, customer, pets }, act);
  await q.command('answerUnderwriting', await q.answers(created, [], act.email), act);
  return q.command(
    'chooseCoverage',
    { uuid: created.uuid, pets: created.pets.map((p) => ({ petId: p.id })) },
    act,
  );
}

// The purchase request for a quote at checkout, its customer as rated.
export function purchaseOf(quote: QuoteView, token: string, overrides: Record<string, unknown> = {}) {
  const c = quote.customer!;
  return {
    uuid: quote.uuid,
    requestId: crypto.randomUUID(),
    customer: {
      firstName: c.first_name,
      lastName: c.last_name,
      email: c.email,
      phone: c.phone,
      street: c.street,
      street2: null,
      city: c.city,
    },
    electronicDeliveryConsent: true,
    termsAccepted: true,
    paymentPeriod: 'MONTHLY',
    payment: { token },
    ...overrides,
  };
}
