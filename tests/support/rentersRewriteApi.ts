import { randomUUID } from 'node:crypto';
import { RentersQuoteResponse, type RentersQuoteView } from '../../src/api/schemas/rentersQuotes';
import { RentersRewriteResponse, type RentersRewriteView } from '../../src/api/schemas/rentersRewrite';
import { appendToRentersPolicy } from '../../src/server/domain/rentersPolicies/appendToRentersPolicy';
import type { Db } from '../../src/server/store/db';
import type { NewEvent } from '../../src/server/store/eventStore';
import { expectStatus, type EntityApi } from './entityApi';
import type { ApiResponse } from './http';
import { INTERNAL } from './personas';
import { TEST_METADATA } from './records';
import {
  addDays,
  issueTestRentersPolicy,
  rentersPolicyIssue,
  businessToday,
  type RentersPlace,
} from './rentersPolicyFixtures';
import { rentersStart, type RentersQuoteApi } from './rentersQuoteApi';

// Rewrite of a renters policy through the API (docs/renters-quotes.md "Rewrite"): policies put in the state
// a test needs, the eligibility answer, a rewrite quote started and bought.

export type RewritableKind = 'active' | 'cancelled' | 'nonRenewing';

// The events the cancel and discontinue flows record (docs/decisions/008), with the fields the machine reads.
export function lifecycleEvents(kind: RewritableKind, today = businessToday()): NewEvent[] {
  if (kind === 'cancelled')
    return [
      {
        type: 'renters.cancelled',
        data: { method: 'FLAT', cancelDate: today, immediate: true, reasonCode: 'INSURED_REQUEST' },
      },
    ];
  if (kind === 'nonRenewing')
    return [{ type: 'renters.discontinued', data: { nonRenewEffectiveDate: addDays(today, 30) } }];
  return [];
}

export async function appendTo(db: Db, policyNumber: string, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.transaction().execute((trx) => appendToRentersPolicy(trx, TEST_METADATA, policyNumber, events));
}

// A policy of the entity, issued today, then brought to the kind asked for.
export async function rentersPolicyIn(
  db: Db,
  entityId: number,
  kind: RewritableKind,
  state: RentersPlace = 'TX',
) {
  const issue = rentersPolicyIssue({ entityId, state, effectiveDate: addDays(businessToday(), -20) });
  const issued = await issueTestRentersPolicy(db, issue);
  await appendTo(db, issued.policyNumber, lifecycleEvents(kind));
  return { issue, ...issued };
}

// Parts of the start body a test sets itself (the old policy's property, another date).
export type RentersStartBody = Record<string, unknown>;

export interface RentersRewriteApi {
  check(matterId: number, email?: string): Promise<ApiResponse>;
  // GET …/rewrite, expecting 200.
  eligibility(matterId: number, email?: string): Promise<RentersRewriteView>;
  // The start step of a rewrite; `start` replaces parts of the sample start body (the property, the date).
  start(policyNumber: string, email?: string, start?: RentersStartBody): Promise<ApiResponse>;
  // A rewrite quote walked from its start to review with the values it was prefilled with.
  toReview(policyNumber: string, email?: string, start?: RentersStartBody): Promise<RentersQuoteView>;
  buy(quote: RentersQuoteView, email?: string): Promise<ApiResponse>;
}

export function rentersRewriteApi(e: EntityApi, r: RentersQuoteApi): RentersRewriteApi {
  const check = (matterId: number, email = INTERNAL) =>
    e.get(`/v2/renters/policies/${matterId}/rewrite`, email);
  const start = (policyNumber: string, email = INTERNAL, body: RentersStartBody = {}) =>
    e.post('/v2/renters/quotes', email, { ...rentersStart(), ...body, rewrite_of: policyNumber });
  return {
    check,
    start,
    async eligibility(matterId, email) {
      const response = await check(matterId, email);
      expectStatus(response, 200);
      return RentersRewriteResponse.parse(response.body).data;
    },
    async toReview(policyNumber, email = INTERNAL, body = {}) {
      const started = await start(policyNumber, email, body);
      expectStatus(started, 200);
      const quote = RentersQuoteResponse.parse(started.body).data;
      const base = `/v2/renters/quotes/${quote.id}`;
      // The prefilled coverage and customer, sent back as they came.
      await r.step(`${base}/coverage`, { term_interval: 'annual', coverage: quote.coverage }, email);
      await r.step(`${base}/customer`, { customer: quote.customer, contacts: quote.contacts }, email);
      return r.step(
        `${base}/payment-method`,
        { token: await r.token(undefined, email), billing_zip_code: '78701' },
        email,
      );
    },
    buy(quote, email = INTERNAL) {
      return e.post(`/v2/renters/quotes/${quote.id}/purchase`, email, {
        request_id: randomUUID(),
        terms_accepted: true,
        total: quote.premium!.total,
      });
    },
  };
}
