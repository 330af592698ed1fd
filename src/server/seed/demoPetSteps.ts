import { randomUUID } from 'node:crypto';
import { addDays, addMonths, businessDate, type BusinessDate, type Clock } from '../../calendar';
import { AnswerUnderwritingData, ChooseCoverageData, CreateQuoteData } from '../../api/schemas/quoteCommands';
import { PurchaseData } from '../../api/schemas/quotePurchase';
import { findActingEntity, toPrincipal, type UserRow } from '../access/principal';
import { changeClaim, submitClaim } from '../domain/matters/claimCommands';
import { claimEvent } from '../domain/matters/matterEvents';
import { addNote } from '../domain/policies/policyNotes';
import { createSandboxPaymentAdapter } from '../domain/payments/sandboxPaymentAdapter';
import { answerUnderwriting } from '../domain/quotes/answerUnderwriting';
import { chooseCoverage } from '../domain/quotes/chooseCoverage';
import { createQuote } from '../domain/quotes/createQuote';
import { purchase } from '../domain/quotes/purchaseQuote';
import type { QuoteActor } from '../domain/quotes/quoteExecution';
import { entityQuestions } from '../domain/quotes/underwritingRules';
import type { Db } from '../store/db';
import type { EventMetadata, NewEvent } from '../store/eventStore';
import { DUNNING } from '../../machines/billingAccount';
import { changeBillingMethod } from '../domain/billing/changeBillingMethod';
import { payNow } from '../domain/policyMoney/payNow';
import type { DemoStep } from './demoSteps';
import { DEMO_HOUSEHOLDS, type DemoClaim, type DemoHousehold } from './demoPolicies';

// Demo pet policies with claims and notes, made through the real quote journey and purchase (sandbox card)
// on the days of the demo's year (demoYear.ts), so every screen shows data the business would have made.
const PAYING_CARD = {
  number: '4242424242424242',
  expiryMonth: 12,
  expiryYear: 2030,
  cvc: '123',
  zip: '78701',
};
// The sandbox declines this card (docs/payments.md).
const DECLINING_CARD = { ...PAYING_CARD, number: '4000000000000002' };

const cents = (dollars: number) => Math.round(dollars * 100);

// A principal for a demo user acting for an entity, as a request of theirs would have.
async function actorFor(db: Db, email: string, entityCode: string, clock: Clock): Promise<QuoteActor> {
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
  return {
    db,
    principal,
    acting,
    requestId: 'seed:policies',
    payments: createSandboxPaymentAdapter({ db, now: () => clock.now() }),
    clock,
  };
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

// The day a household's story reaches `daysAgo` days before today, never after today.
const daysAgo = (today: BusinessDate, days: number) => addDays(today, -Math.max(0, days));
const notAfter = (day: BusinessDate, today: BusinessDate) => (day < today ? day : today);

interface Bought {
  userId: number;
  entityId: number;
  policies: Map<string, string>;
  token: string;
}

// The household's purchase through the quote journey on the day its policies start, paid by a card
// tokenized that morning, as an agent at the counter would.
async function buy(db: Db, household: DemoHousehold, day: BusinessDate, clock: Clock): Promise<Bought> {
  const actor = await actorFor(db, household.agentEmail, household.entityCode, clock);
  const userId = actor.principal.userId;
  const made = await actor.payments.tokenizeCard(
    { ...PAYING_CARD, name: `${household.customer.firstName} ${household.customer.lastName}` },
    { userId },
  );
  if (!made.ok) throw new Error('The demo card was refused');
  const token = made.payment.token;
  const started = await createQuote(
    actor,
    CreateQuoteData.parse({
      zip: household.zip,
      startDate: day,
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
      payment: { token },
    }),
  );
  if (covered.step !== 'checkout' || bought.step !== 'thankYou')
    throw new Error(`Demo purchase for ${household.customer.email} stopped`);
  const policies = await db
    .selectFrom('policies')
    .select(['policy_number', 'pet_name'])
    .where('quote_uuid', '=', uuid)
    .execute();
  return {
    userId,
    entityId,
    token,
    policies: new Map(policies.map((p) => [p.pet_name ?? '', p.policy_number])),
  };
}

const metadataAt = (bought: Bought, clock: Clock): EventMetadata => ({
  userId: bought.userId,
  entityId: bought.entityId,
  requestId: 'seed:policies',
  at: clock.now(),
});

// A claim reported two days after its loss, and its outcome decided when its last payment went out (or three
// days after it was reported).
function claimSteps(
  db: Db,
  today: BusinessDate,
  claim: DemoClaim,
  policyOf: () => { bought: Bought; policyNumber: string },
): DemoStep[] {
  const lossDate = daysAgo(today, claim.lossDaysAgo);
  const reportedDate = daysAgo(today, claim.lossDaysAgo - 2);
  const paidOn = (n: number) => daysAgo(today, claim.lossDaysAgo - 14 - 21 * n);
  const payments = 'payments' in claim.outcome ? claim.outcome.payments.length : 0;
  const decidedOn = notAfter(payments > 0 ? paidOn(payments - 1) : addDays(reportedDate, 3), today);
  let claimId = 0;
  return [
    {
      day: reportedDate,
      minute: 60,
      async run(clock) {
        const { bought, policyNumber } = policyOf();
        claimId = await db.transaction().execute(
          async (trx) =>
            (
              await submitClaim(trx, metadataAt(bought, clock), {
                policyNumber,
                source: claim.source,
                lossDate,
                reportedDate,
                treatmentStart: lossDate,
                treatmentEnd: notAfter(addDays(lossDate, claim.treatmentDays), reportedDate),
                diagnosis: claim.diagnosis,
                conditions: claim.conditions,
                description: claim.description,
                claimedCents: cents(claim.claimed),
              })
            ).claimId,
        );
        return 1;
      },
    },
    {
      day: decidedOn,
      minute: 120,
      async run(clock) {
        const changes = claimChanges(claim, paidOn);
        if (changes.length > 0)
          await db
            .transaction()
            .execute((trx) => changeClaim(trx, metadataAt(policyOf().bought, clock), claimId, changes));
        return 0;
      },
    },
  ];
}

// The customer gives a new card a few days before the instalment of `fromMonth` falls due; it declines from
// then on, so billing retries, sends notices and lapses the policies after the grace period. One who pays
// late with a good card inside the reinstatement window has the policies reinstated.
function declineSteps(
  db: Db,
  household: DemoHousehold,
  start: BusinessDate,
  bought: () => Bought,
): DemoStep[] {
  const story = household.declines!;
  const firstMissed = addMonths(start, story.fromMonth);
  const name = `${household.customer.firstName} ${household.customer.lastName}`;
  const refs = () =>
    [...bought().policies.values()].map((policyNumber) => ({ line: 'pet' as const, policyNumber }));
  const steps: DemoStep[] = [
    {
      day: addDays(firstMissed, -4),
      minute: 30,
      async run(clock) {
        const payments = createSandboxPaymentAdapter({ db, now: () => clock.now() });
        const card = await payments.tokenizeCard({ ...DECLINING_CARD, name });
        if (!card.ok) throw new Error('The demo card was refused');
        const { token, method, last4 } = card.payment;
        for (const ref of refs())
          await db
            .transaction()
            .execute((trx) =>
              changeBillingMethod(trx, ref, { token, method, last4 }, metadataAt(bought(), clock)),
            );
        return 0;
      },
    },
  ];
  if (story.paysLateAfterLapseDays !== undefined) {
    const lapsedOn = addDays(firstMissed, DUNNING.graceDays);
    steps.push({
      day: addDays(lapsedOn, story.paysLateAfterLapseDays),
      minute: 90,
      async run(clock) {
        const payments = createSandboxPaymentAdapter({ db, now: () => clock.now() });
        const card = await payments.tokenizeCard({ ...PAYING_CARD, name });
        if (!card.ok) throw new Error('The demo card was refused');
        const day = businessDate(clock.now());
        for (const ref of refs())
          await payNow({ db, payments, clock }, ref, day, metadataAt(bought(), clock), card.payment.token);
        return 0;
      },
    });
  }
  return steps;
}

// A household's history as steps: the purchase on the day its policies start, its claims on their days, its
// notes after them, and a card that starts declining where the demo tells that story.
function householdSteps(db: Db, household: DemoHousehold, today: BusinessDate, n: number): DemoStep[] {
  // Households bought on different days of the month, so the instalments fall due across it.
  const start = addDays(addMonths(today, -household.startedMonthsAgo), -((n * 7) % 19));
  let made: Bought | null = null;
  const bought = () => {
    if (!made) throw new Error(`${household.customer.email} was not bought yet`);
    return made;
  };
  const steps: DemoStep[] = [
    {
      day: start,
      minute: 0,
      async run(clock) {
        made = await buy(db, household, start, clock);
        return made.policies.size;
      },
    },
  ];
  for (const pet of household.pets) {
    const policyOf = () => {
      const policyNumber = bought().policies.get(pet.name);
      if (!policyNumber) throw new Error(`${pet.name} has no demo policy`);
      return { bought: bought(), policyNumber };
    };
    const claims = (pet.claims ?? []).flatMap((claim) => claimSteps(db, today, claim, policyOf));
    steps.push(...claims);
    // Notes follow what they speak of: the pet's last claim, or the policy's first weeks.
    const notesOn = notAfter(
      claims.reduce((last, step) => (step.day > last ? step.day : last), addDays(start, 20)),
      today,
    );
    for (const [n, note] of (pet.notes ?? []).entries()) {
      steps.push({
        day: notesOn,
        minute: 180 + n,
        async run(clock) {
          await addNote(db, metadataAt(bought(), clock), policyOf().policyNumber, note);
          return 1;
        },
      });
    }
  }
  if (household.declines) steps.push(...declineSteps(db, household, start, bought));
  return steps;
}

// The demo's pet households as steps of its year, unless they were bought already (a customer of the demo's
// e-mail exists), so a restart buys nothing twice.
export async function demoPetSteps(db: Db, today: BusinessDate): Promise<DemoStep[]> {
  if (DEMO_HOUSEHOLDS.length === 0) return [];
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
  return DEMO_HOUSEHOLDS.flatMap((h, n) =>
    existing.has(h.customer.email) ? [] : householdSteps(db, h, today, n),
  );
}
