import { randomBytes } from 'node:crypto';
import { RentersQuoteResponse, type RentersQuoteView } from '../../src/api/schemas/rentersQuotes';
import { expectStatus, type EntityApi } from './entityApi';
import type { ApiResponse } from './http';
import { AGENT } from './personas';
import { businessDaysFromToday } from './businessToday';

// The renters quote API (docs/renters-quotes.md) for the API tests: a quote walked step by step.

// A day N days from today (UTC), as the start step wants it.
export function daysFromToday(days: number): string {
  return businessDaysFromToday(days);
}

// Each start is for a unit of its own: a customer holds one policy per address at a time (docs/renters-
// quotes.md "Cover and overlap"), and the tests buy many with the same customer.
export const rentersStart = () => ({
  property: {
    line_1: '200 Congress Ave',
    line_2: `Apt ${randomBytes(3).toString('hex')}`,
    city: 'Austin',
    state: 'TX',
    zip_code: '78701',
  },
  effective_date: daysFromToday(10),
  interested_party: {
    name: 'Congress Towers Management',
    line_1: '1 Leasing Way',
    line_2: null,
    city: 'Austin',
    state: 'TX',
    zip_code: '78702',
  },
});

export const rentersCoverage = {
  term_interval: 'annual',
  coverage: {
    contents: {
      amount: 20_000,
      deductible_amount: 500,
      additional_living_expense: 4_000,
      is_preferred_property: false,
    },
    liability: { amount: 100_000, damage_to_property_of_others_amount: 500, medical_payments_amount: 1_000 },
    optional: {
      combined_personal_property_value: 0,
      enhancement_endorsement_level: 0,
      identity_fraud_amount: 0,
      include_replacement_cost: true,
      include_theft: true,
      include_water_damage: false,
      include_wind_hail_exclusion: false,
    },
  },
};

export const rentersCustomer = {
  customer: {
    name_first: 'Grace',
    name_last: 'Hopper',
    email: 'grace@example.test',
    mailing_address: null,
  },
  contacts: [{ type: 'PRIMARY', number_type: 'MOBILE', number: '(512) 555-0142', extension: null }],
};

export const PAYING_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

export interface RentersQuoteApi {
  post(path: string, body: unknown, email?: string): Promise<ApiResponse>;
  // Posts and expects 200 with a renters quote.
  step(path: string, body: unknown, email?: string): Promise<RentersQuoteView>;
  start(email?: string): Promise<RentersQuoteView>;
  view(id: string, email?: string): Promise<RentersQuoteView>;
  token(card?: string, email?: string): Promise<string>;
  // start → coverage → customer → payment method: a quote at review.
  toReview(card?: string, email?: string): Promise<RentersQuoteView>;
}

export function rentersQuoteApi(e: EntityApi): RentersQuoteApi {
  const post: RentersQuoteApi['post'] = (path, body, email = AGENT) => e.post(path, email, body);
  const step: RentersQuoteApi['step'] = async (path, body, email) => {
    const response = await post(path, body, email);
    expectStatus(response, 200);
    return RentersQuoteResponse.parse(response.body).data;
  };
  const token: RentersQuoteApi['token'] = async (card = PAYING_CARD, email = AGENT) => {
    const session = await e.get('/v1/one-inc-session', email);
    expectStatus(session, 200);
    const { session_id } = (session.body as { data: { session_id: string } }).data;
    const method = await e.post(`/v1/one-inc-session/${session_id}/payment-methods`, email, {
      type: 'card',
      card: { number: card, expiry: '12/29', cvc: '123', name: 'Grace Hopper', zip: '78701' },
    });
    expectStatus(method, 200);
    return (method.body as { data: { token: string } }).data.token;
  };
  const start: RentersQuoteApi['start'] = (email) => step('/v2/renters/quotes', rentersStart(), email);
  return {
    post,
    step,
    start,
    token,
    async view(id, email = AGENT) {
      const response = await e.get(`/v2/renters/quotes/${id}`, email);
      expectStatus(response, 200);
      return RentersQuoteResponse.parse(response.body).data;
    },
    async toReview(card = PAYING_CARD, email = AGENT) {
      const quote = await start(email);
      const base = `/v2/renters/quotes/${quote.id}`;
      await step(`${base}/coverage`, rentersCoverage, email);
      await step(`${base}/customer`, rentersCustomer, email);
      return step(
        `${base}/payment-method`,
        { token: await token(card, email), billing_zip_code: '78701' },
        email,
      );
    },
  };
}
