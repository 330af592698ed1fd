import { randomUUID } from 'node:crypto';
import { AnswerUnderwritingData, ChooseCoverageData, CreateQuoteData } from '../../api/schemas/quoteCommands';
import { PurchaseData } from '../../api/schemas/quotePurchase';
import { findActingEntity, toPrincipal, type UserRow } from '../access/principal';
import { centralDate } from '../domain/centralTime';
import { changeClaim, submitClaim } from '../domain/matters/claimCommands';
import { claimEvent } from '../domain/matters/matterEvents';
import { addNote } from '../domain/matters/policyNotes';
import { createSandboxPaymentAdapter } from '../domain/payments/sandboxPaymentAdapter';
import { answerUnderwriting } from '../domain/quotes/answerUnderwriting';
import { chooseCoverage } from '../domain/quotes/chooseCoverage';
import { createQuote } from '../domain/quotes/createQuote';
import { purchase } from '../domain/quotes/purchaseQuote';
import type { QuoteActor } from '../domain/quotes/quoteExecution';
import { entityQuestions } from '../domain/quotes/underwritingRules';
import type { Db } from '../store/db';
import type { EventMetadata, NewEvent } from '../store/eventStore';
import { DEMO_HOUSEHOLDS, type DemoClaim, type DemoHousehold } from './demoPolicies';

// Demo pet policies with claims and notes, made through the real quote journey and purchase (sandbox
// card), so every screen shows data the business would have made. A household whose customer exists is
// left alone, so this runs safely on every start.
const PAYING_CARD = {
  number: '4242424242424242',
  expiryMonth: 12,
  expiryYear: 2030,
  cvc: '123',
  zip: '78701',
};

const cents = (dollars: number) => Math.round(dollars * 100);

function daysBefore(today: string, days: number): string {
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

function monthsBefore(today: string, months: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1 - months, Math.min(d, 28)));
  return date.toISOString().slice(0, 10);
}

// A principal for a demo user acting for an entity, as a request of theirs would have.
async function actorFor(db: Db, email: string, entityCode: string): Promise<QuoteActor> {
  const user = await db
    .selectFrom('users as u')
    .innerJoin('entities as e', 'e.id', 'u.entity_id')
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.phone',
      'u.ext',
      'u.email_verified_at',
      'u.user_type',
      'u.entity_id',
      'e.entity_code',
      'e.path as entity_path',
    ])
    .where('u.email', '=', email)
    .executeTakeFirstOrThrow();
  const privs = await db
    .selectFrom('user_roles as ur')
    .innerJoin('role_privileges as rp', 'rp.role_id', 'ur.role_id')
    .innerJoin('privileges as p', 'p.id', 'rp.privilege_id')
    .select('p.priv_code')
    .where('ur.user_id', '=', user.id)
    .execute();
  const row: UserRow = { ...user, entity_attributes: null, privs: privs.map((p) => p.priv_code), roles: [] };
  const staff = user.user_type !== 'external';
  const acting = await findActingEntity(db, { entityPath: user.entity_path, staff }, entityCode);
  if (!acting) throw new Error(`${email} cannot act for ${entityCode}`);
  const principal = toPrincipal(row, 'seed', acting);
  return { db, principal, acting, requestId: 'seed:policies', payments: createSandboxPaymentAdapter({ db }) };
}

// The changes that take a submitted claim to its demo outcome, dated after its loss.
function claimChanges(claim: DemoClaim, paidOn: (n: number) => string): NewEvent[] {
  const o = claim.outcome;
  if (o.status === 'SUBMITTED') return [];
  if (o.status === 'WITHDRAWN') return [claimEvent.closed({ reason: o.reason })];
  const events = [claimEvent.reviewStarted()];
  if (o.status === 'IN_REVIEW') return events;
  if (o.status === 'DENIED') return [...events, claimEvent.denied({ reason: o.reason })];
  events.push(claimEvent.approved({ approvedCents: cents(o.approved) }));
  o.payments.forEach((amount, n) =>
    events.push(
      claimEvent.paymentMade({
        paymentId: randomUUID(),
        paidOn: paidOn(n),
        amountCents: cents(amount),
        method: n % 2 === 0 ? 'ACH' : 'CHECK',
        reference: `EFT-${randomUUID().slice(0, 8).toUpperCase()}`,
      }),
    ),
  );
  if (o.status === 'CLOSED') events.push(claimEvent.closed({ reason: 'Paid in full.' }));
  return events;
}

async function seedHousehold(db: Db, household: DemoHousehold, today: string, token: Map<number, string>) {
  const actor = await actorFor(db, household.agentEmail, household.entityCode);
  const userId = actor.principal.userId;
  if (!token.has(userId)) {
    const made = await actor.payments.tokenizeCard(
      { ...PAYING_CARD, name: `${household.customer.firstName} ${household.customer.lastName}` },
      { userId },
    );
    if (!made.ok) throw new Error('The demo card was refused');
    token.set(userId, made.payment.token);
  }
  const startDate = monthsBefore(today, household.startedMonthsAgo);
  const started = await createQuote(
    actor,
    CreateQuoteData.parse({
      zip: household.zip,
      startDate,
      customer: household.customer,
      pets: household.pets.map(({ name, species, breedCode, age, gender }) => ({
        name,
        species,
        breedCode,
        age,
        gender,
      })),
    }),
  );
  const entityId = actor.acting.id;
  const pets = [];
  for (const pet of started.quote.pets) {
    const species = String(pet.species).toUpperCase() === 'CAT' ? 'CAT' : 'DOG';
    const answers: Record<string, boolean> = {};
    for (const q of await entityQuestions(db, entityId, species)) {
      answers[String(q.id)] = q.decline_answer === null ? false : !q.decline_answer;
    }
    pets.push({ petId: pet.id, answers });
  }
  const uuid = started.uuid;
  const answered = await answerUnderwriting(actor, AnswerUnderwritingData.parse({ uuid, pets }));
  const covered = await chooseCoverage(
    actor,
    ChooseCoverageData.parse({ uuid, pets: answered.quote.pets.map((p) => ({ petId: p.id })) }),
  );
  const bought = await purchase(
    actor,
    PurchaseData.parse({
      uuid,
      requestId: randomUUID(),
      customer: { ...household.customer, street2: null },
      electronicDeliveryConsent: true,
      termsAccepted: true,
      paymentPeriod: household.paymentPeriod,
      payment: { token: token.get(userId) },
    }),
  );
  if (covered.step !== 'checkout' || bought.step !== 'thankYou')
    throw new Error(`Demo purchase for ${household.customer.email} stopped`);

  const policies = await db
    .selectFrom('policies')
    .select(['policy_number', 'pet_name'])
    .where('quote_uuid', '=', uuid)
    .execute();
  const metadata: EventMetadata = { userId, entityId, requestId: 'seed:policies' };
  let created = policies.length;
  for (const pet of household.pets) {
    const policyNumber = policies.find((p) => p.pet_name === pet.name)?.policy_number;
    if (!policyNumber) continue;
    for (const claim of pet.claims ?? []) {
      const lossDate = daysBefore(today, claim.lossDaysAgo);
      const reportedDate = daysBefore(today, Math.max(0, claim.lossDaysAgo - 2));
      await db.transaction().execute(async (trx) => {
        const { claimId } = await submitClaim(trx, metadata, {
          policyNumber,
          lossDate,
          reportedDate,
          conditions: claim.conditions,
          description: claim.description,
          claimedCents: cents(claim.claimed),
        });
        const paidOn = (n: number) => daysBefore(today, Math.max(0, claim.lossDaysAgo - 14 - 21 * n));
        const changes = claimChanges(claim, paidOn);
        if (changes.length > 0) await changeClaim(trx, metadata, claimId, changes);
      });
      created++;
    }
    for (const note of pet.notes ?? []) {
      await addNote(db, metadata, policyNumber, note);
      created++;
    }
  }
  return created;
}

export async function seedPolicies(db: Db): Promise<number> {
  if (DEMO_HOUSEHOLDS.length === 0) return 0;
  const existing = new Set(
    (
      await db
        .selectFrom('customers')
        .select('email')
        .where(
          'email',
          'in',
          DEMO_HOUSEHOLDS.map((h) => h.customer.email),
        )
        .execute()
    ).map((c) => c.email.toLowerCase()),
  );
  const today = centralDate();
  const tokens = new Map<number, string>();
  let created = 0;
  for (const household of DEMO_HOUSEHOLDS) {
    if (existing.has(household.customer.email)) continue;
    created += await seedHousehold(db, household, today, tokens);
  }
  return created;
}
