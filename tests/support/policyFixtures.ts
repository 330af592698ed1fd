import type { QuoteView } from '../../src/api/schemas/quoteCommands';
import { entityApi, type EntityApi } from './entityApi';
import { apiFor } from './http';
import { AGENT } from './personas';
import { purchaseOf, quoteApi, tokenFor, uniqueCustomer } from './quoteApi';
import type { TestServer } from './testServer';

// Pet policies for the policy suites, issued the way the business issues them: a quote walked through the
// journey and purchased through the API, one policy per pet. A purchase of N pets (up to five) gives N policies at once,
// so a suite that needs many policies makes few purchases.
export interface IssuedPolicy {
  policyNumber: string;
  matterId: number;
  petName: string;
  customerId: number;
  quoteUuid: string;
}

export interface PolicyPurchase {
  quote: QuoteView;
  // In the pets' order on the quote.
  policies: IssuedPolicy[];
}

export interface PurchaseOptions {
  // The user who quotes and buys (the policies belong to the entity they act for).
  email?: string;
  // The entity to act for (agentEntityCode), when the user may act for several.
  actingFor?: string;
  // One pet (and policy) per name, at most five; dogs and cats in turn.
  petNames?: string[];
  // A ZIP code of a state that sells (78701 Austin TX, 80202 Denver CO, …).
  zip?: string;
  // YYYY-MM-DD, the policies' effective date; today in Central time by default.
  startDate?: string;
  // Monthly unless given.
  paymentPeriod?: 'MONTHLY' | 'ANNUAL';
  customer?: Partial<ReturnType<typeof uniqueCustomer>>;
}

const apis = new WeakMap<TestServer, EntityApi>();
// One signed-in client per server, so repeated purchases do not sign in each time.
function apiOf(server: TestServer): EntityApi {
  let e = apis.get(server);
  if (!e) {
    e = entityApi(() => apiFor(server.url));
    apis.set(server, e);
  }
  return e;
}

export const centralToday = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());

const petOf = (name: string, index: number) =>
  index % 2 === 0
    ? { name, species: 'DOG', breedCode: 'MIXED_BREED_MEDIUM', age: 3, gender: 'MALE' }
    : { name, species: 'CAT', breedCode: 'ABYSSINIAN', age: 2, gender: 'FEMALE' };

// One purchase: a quote for a new customer with one pet per name, covered on the default plans and paid by
// card. Answers the quote as purchased and its policies with their matter ids.
export async function purchasePolicies(
  server: TestServer,
  options: PurchaseOptions = {},
): Promise<PolicyPurchase> {
  const { email = AGENT, petNames = ['Rex'], zip = '78701', startDate = centralToday() } = options;
  const e = apiOf(server);
  const q = quoteApi(e);
  const act = { email, ...(options.actingFor ? { actingFor: options.actingFor } : {}) };
  const created = await q.create(
    { zip, startDate, customer: uniqueCustomer(options.customer), pets: petNames.map(petOf) },
    act,
  );
  await q.command('answerUnderwriting', await q.answers(created, [], email), act);
  const covered = await q.command(
    'chooseCoverage',
    { uuid: created.uuid, pets: created.pets.map((p) => ({ petId: p.id })) },
    act,
  );
  const token = await tokenFor(e, email);
  const period = options.paymentPeriod ? { paymentPeriod: options.paymentPeriod } : {};
  const quote = await q.command('purchase', purchaseOf(covered, token, period), act);
  const numbers = quote.policies.map((p) => p.policy_number);
  const rows = await server.server.database.db
    .selectFrom('policies')
    .select(['policy_number', 'matter_id', 'pet_name', 'customer_id'])
    .where('policy_number', 'in', numbers)
    .execute();
  const byNumber = new Map(rows.map((r) => [r.policy_number, r]));
  return {
    quote,
    policies: quote.policies.map((p) => {
      const row = byNumber.get(p.policy_number)!;
      return {
        policyNumber: p.policy_number,
        matterId: row.matter_id,
        petName: row.pet_name,
        customerId: row.customer_id,
        quoteUuid: quote.uuid,
      };
    }),
  };
}

// A quote holds at most five pets.
const PETS_PER_QUOTE = 5;

// `count` policies for `email`'s entity, in purchases of up to five pets named `${prefix}1`, `${prefix}2`, …
export async function issuePolicies(
  server: TestServer,
  count: number,
  options: Omit<PurchaseOptions, 'petNames'> & { prefix?: string } = {},
): Promise<IssuedPolicy[]> {
  const { prefix = 'Pet', ...purchase } = options;
  const issued: IssuedPolicy[] = [];
  while (issued.length < count) {
    const size = Math.min(PETS_PER_QUOTE, count - issued.length);
    const petNames = Array.from({ length: size }, (_, i) => `${prefix}${issued.length + i + 1}`);
    issued.push(...(await purchasePolicies(server, { ...purchase, petNames })).policies);
  }
  return issued;
}
