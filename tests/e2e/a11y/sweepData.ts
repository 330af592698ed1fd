import { randomUUID } from 'node:crypto';
import { PolicySearchResponse } from '../../../src/api/schemas/policySearch';
import { RentersPolicySearchResponse } from '../../../src/api/schemas/rentersPolicies';
import { RoleSearchResponse } from '../../../src/api/schemas/roles';
import { entityApi, expectStatus } from '../../support/entityApi';
import { apiFor } from '../../support/http';
import { quoteAtStep } from '../../support/journeyQuotes';
import { ADMIN, AGENT, HOUSE, NORTHWIND, NORTHWIND_AUSTIN } from '../../support/personas';
import { entityIdOf, userIdOf } from '../../support/records';
import { rentersCoverage, rentersCustomer, rentersQuoteApi } from '../../support/rentersQuoteApi';
import type { TestServer } from '../../support/testServer';

// Real records of the demo book for every screen's path parameters, and quotes of the agent at each step
// of both journeys.
export interface SweepData {
  entityId: number;
  // An entity beneath the manager's agency, for /my/entities/{id}.
  childEntityId: number;
  roleId: number;
  userId: number;
  petMatterId: number;
  renters: { customerId: number; matterId: number };
  petQuotes: Record<'ratingInfo' | 'underwritingQuestions' | 'coverage' | 'checkout' | 'thankYou', string>;
  // The journey path of a renters quote at each step (/renters/quotes/journey/{id}?step=…).
  rentersQuotes: Record<'coverage' | 'customer' | 'payment' | 'review' | 'purchased', string>;
  // A session recording of the administrator, for its replay screen (test servers record nothing).
  recordingId: string;
}

async function rentersQuotes(e: ReturnType<typeof entityApi>): Promise<SweepData['rentersQuotes']> {
  const r = rentersQuoteApi(e);
  const atCoverage = await r.start();
  const atCustomer = await r.step(`/v2/renters/quotes/${(await r.start()).id}/coverage`, rentersCoverage);
  const third = await r.start();
  await r.step(`/v2/renters/quotes/${third.id}/coverage`, rentersCoverage);
  const atPayment = await r.step(`/v2/renters/quotes/${third.id}/customer`, rentersCustomer);
  const atReview = await r.toReview();
  const bought = await r.toReview();
  const purchased = await r.step(`/v2/renters/quotes/${bought.id}/purchase`, {
    request_id: randomUUID(),
    terms_accepted: true,
    total: bought.premium!.total,
  });
  return {
    coverage: atCoverage.route,
    customer: atCustomer.route,
    payment: atPayment.route,
    review: atReview.route,
    purchased: purchased.route,
  };
}

export async function loadSweepData(server: TestServer): Promise<SweepData> {
  const db = server.server.database.db;
  const e = entityApi(() => apiFor(server.url));
  const roles = await e.get('/v2/roles?limit=1', ADMIN);
  expectStatus(roles, 200);
  const pets = await e.get('/v2/policies?limit=1', ADMIN);
  expectStatus(pets, 200);
  const renters = await e.get('/v2/renters/policies?limit=1', ADMIN);
  expectStatus(renters, 200);
  const rentersRow = RentersPolicySearchResponse.parse(renters.body).data[0]!;
  const petQuotes = {} as SweepData['petQuotes'];
  for (const step of ['ratingInfo', 'underwritingQuestions', 'coverage', 'checkout', 'thankYou'] as const) {
    petQuotes[step] = (await quoteAtStep(e, AGENT, step)).uuid;
  }
  // Test servers do not record sessions (docs/session-recording.md): one is written as the API stores it,
  // with no page yet, so the replay screen has a recording to open.
  const recordingId = randomUUID();
  await db
    .insertInto('session_recordings')
    .values({
      id: recordingId,
      user_id: await userIdOf(db, ADMIN),
      entity_id: await entityIdOf(db, HOUSE),
      started_at: '2026-12-01T15:00:00Z',
      last_event_at: '2026-12-01T15:04:00Z',
      event_count: 0,
      size_bytes: 0,
    })
    .execute();
  return {
    recordingId,
    entityId: await entityIdOf(db, NORTHWIND),
    childEntityId: await entityIdOf(db, NORTHWIND_AUSTIN),
    roleId: RoleSearchResponse.parse(roles.body).data[0]!.id,
    userId: await userIdOf(db, AGENT),
    petMatterId: PolicySearchResponse.parse(pets.body).data[0]!.matterId,
    renters: { customerId: rentersRow.customer_id, matterId: rentersRow.matter_id },
    petQuotes,
    rentersQuotes: await rentersQuotes(e),
  };
}
