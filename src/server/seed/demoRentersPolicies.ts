import { randomUUID } from 'node:crypto';
import { addDays, businessDate, systemClock, type Clock } from '../../calendar';
import { sellRentersPolicy } from '../domain/policyMoney/sellRentersPolicy';
import { ratedFigures } from '../domain/rentersPolicies/issueRentersPolicy';
import { filedRentersTables } from '../domain/rentersRating/filedRentersTables';
import { rateRentersQuote } from '../domain/rentersRating/rateRentersQuote';
import type { RentersCoverageInput } from '../domain/rentersRating/rentersTypes';
import type { Db } from '../store/db';
import type { EventActor } from '../store/eventStore';
import { demoCharge } from './demoCharge';
import { commitDemoChange } from './demoRentersChange';
import { runDemoSteps, type DemoStep } from './demoSteps';

// Demo renters policies, issued as the purchase issues them (rated by the renters engine, then
// sellRentersPolicy), for several agencies and states. One is cancelled and one non-renewing, committed as
// the cancel and discontinue flows commit them (docs/decisions/008), so the demo has policies to rewrite.
const SEED: EventActor = { userId: null, entityId: null, requestId: 'seed:demo-renters' };

type Address = { line1: string; line2: string | null; city: string; state: string; zip: string };

interface DemoRentersPolicy {
  entityCode: string;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  property: Address;
  mailing?: Address;
  interestedParty?: { name: string; line1: string; city: string; state: string; zip: string };
  termInterval: 'annual' | 'monthly';
  // Days before today the term started.
  startedDaysAgo: number;
  contentsCents: number;
  ends?: 'cancelled' | 'nonRenewing';
}

const DEMO_RENTERS: readonly DemoRentersPolicy[] = [
  {
    entityCode: '1234-5678-AC',
    customer: {
      firstName: 'Maria',
      lastName: 'Gonzalez',
      email: 'maria.gonzalez@example.test',
      phone: '5125550181',
    },
    property: { line1: '1401 Lavaca St', line2: 'Apt 508', city: 'Austin', state: 'TX', zip: '78701' },
    interestedParty: {
      name: 'Lavaca Flats Leasing',
      line1: '1400 Lavaca St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    },
    termInterval: 'monthly',
    startedDaysAgo: 40,
    contentsCents: 2_500_000,
  },
  {
    entityCode: '1234-5678-AC',
    customer: {
      firstName: 'Darnell',
      lastName: 'Brooks',
      email: 'darnell.brooks@example.test',
      phone: '5125550182',
    },
    property: { line1: '2201 E 6th St', line2: 'Unit 3', city: 'Austin', state: 'TX', zip: '78702' },
    mailing: { line1: 'PO Box 4410', line2: null, city: 'Austin', state: 'TX', zip: '78765' },
    termInterval: 'annual',
    startedDaysAgo: 12,
    contentsCents: 2_000_000,
    ends: 'cancelled',
  },
  {
    entityCode: '1234-5678-AB',
    customer: {
      firstName: 'Priya',
      lastName: 'Natarajan',
      email: 'priya.natarajan@example.test',
      phone: '4155550183',
    },
    property: { line1: '88 Howard St', line2: 'Apt 12B', city: 'Los Angeles', state: 'CA', zip: '90001' },
    termInterval: 'annual',
    startedDaysAgo: 200,
    contentsCents: 3_000_000,
    ends: 'nonRenewing',
  },
  {
    entityCode: '1234-5678-AB',
    customer: {
      firstName: 'Tomasz',
      lastName: 'Kowalski',
      email: 'tomasz.kowalski@example.test',
      phone: '3125550184',
    },
    property: { line1: '233 S Wacker Dr', line2: 'Apt 1704', city: 'Chicago', state: 'IL', zip: '60601' },
    termInterval: 'monthly',
    startedDaysAgo: 90,
    contentsCents: 1_500_000,
  },
  {
    entityCode: '2345-6789-CD',
    customer: {
      firstName: 'Ana',
      lastName: 'Ferreira',
      email: 'ana.ferreira@example.test',
      phone: '3055550185',
    },
    property: { line1: '1200 Brickell Ave', line2: 'Apt 910', city: 'Miami', state: 'FL', zip: '33101' },
    termInterval: 'annual',
    startedDaysAgo: 60,
    contentsCents: 2_000_000,
  },
  {
    entityCode: '1000-0001-HM',
    customer: {
      firstName: 'Samuel',
      lastName: 'Okafor',
      email: 'samuel.okafor@example.test',
      phone: '3125550186',
    },
    property: { line1: '60 E Lake St', line2: null, city: 'Chicago', state: 'IL', zip: '60601' },
    termInterval: 'annual',
    startedDaysAgo: 5,
    contentsCents: 4_000_000,
  },
];

function daysBefore(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

// The demo's usual renters cover; test fixtures issue the same one.
export const demoRentersCoverage = (state: string, contentsCents: number): RentersCoverageInput => ({
  contents: {
    amount: contentsCents,
    deductible_amount: 50_000,
    additional_living_expense: contentsCents > 2_000_000 ? 600_000 : 400_000,
    is_preferred_property: false,
  },
  liability: {
    amount: 10_000_000,
    damage_to_property_of_others_amount: 50_000,
    medical_payments_amount: 100_000,
  },
  optional: {
    combined_personal_property_value: 0,
    enhancement_endorsement_level: 0,
    identity_fraud_amount: 0,
    include_replacement_cost: true,
    // Florida does not offer theft cover.
    include_theft: state !== 'FL',
    include_water_damage: false,
    include_wind_hail_exclusion: false,
  },
});

// How the demo's ending policies end, as an agent would have asked the change flow.
// `afterDays` after the policy took effect.
const ENDINGS = {
  cancelled: {
    kind: 'cancel',
    inputs: { reasonCode: 'MOVED_OUT', cancellationMethod: 'FLAT', note: 'Demo data' },
    afterDays: 4,
  },
  nonRenewing: {
    kind: 'discontinue',
    inputs: { reasonCode: 'CUSTOMER_REQUEST', note: 'Demo data' },
    afterDays: 60,
  },
} as const;

// The demo's renters sales as steps of its year (demoYear.ts): each sold on the day before its policy took
// effect, as an agent would have sold it, and paid through the sandbox payment service; the ending ones
// cancelled or set not to renew on a later day through the change flow's own commit (commitDemoChange), so
// the cancelled one's refund goes back to its charge. Nothing when a renters policy exists already.
export async function demoRentersSteps(db: Db, today: string): Promise<DemoStep[]> {
  const any = await db.selectFrom('renters_policies').select('policy_number').limit(1).executeTakeFirst();
  if (any) return [];
  const entities = new Map(
    (await db.selectFrom('entities').select(['id', 'entity_code']).execute()).map((e) => [
      e.entity_code,
      e.id,
    ]),
  );
  const steps: DemoStep[] = [];
  for (const [n, demo] of DEMO_RENTERS.entries()) {
    const entityId = entities.get(demo.entityCode);
    if (entityId === undefined) continue;
    const effectiveDate = daysBefore(today, demo.startedDaysAgo);
    let policyNumber = '';
    steps.push({
      day: addDays(effectiveDate, -1),
      minute: 60 + n,
      async run(clock) {
        policyNumber = await sell(db, demo, entityId, effectiveDate, clock);
        return 1;
      },
    });
    if (demo.ends) {
      const { kind, inputs, afterDays } = ENDINGS[demo.ends];
      const day = addDays(effectiveDate, afterDays);
      steps.push({
        day: day < today ? day : today,
        minute: 240 + n,
        async run(clock) {
          await commitDemoChange(db, SEED, policyNumber, kind, inputs, businessDay(clock), clock);
          return 0;
        },
      });
    }
  }
  return steps;
}

// The renters change flow's day: UTC's (SPEC §9's wire rule for renters dates).
const businessDay = (clock: Clock) => businessDate(clock.now());

async function sell(
  db: Db,
  demo: DemoRentersPolicy,
  entityId: number,
  effectiveDate: string,
  clock: Clock,
): Promise<string> {
  const state = demo.property.state;
  const coverage = demoRentersCoverage(state, demo.contentsCents);
  const rated = rateRentersQuote(filedRentersTables(state, effectiveDate), {
    zip_code: demo.property.zip,
    term_interval: demo.termInterval,
    coverage,
  });
  if (!rated.ok)
    throw new Error(`Demo renters policy does not rate in ${state}: ${JSON.stringify(rated.errors)}`);
  const { rating } = rated;
  const quoteId = randomUUID();
  const payment = await demoCharge(
    db,
    `demo:renters:${quoteId}`,
    `${demo.customer.firstName} ${demo.customer.lastName}`,
    rating.schedule[0]!.total,
    clock,
  );
  return db.transaction().execute(async (trx) => {
    const { policyNumber } = await sellRentersPolicy(
      trx,
      { ...SEED, at: clock.now() },
      {
        quoteId,
        entityId,
        rewriteOf: null,
        customer: demo.customer,
        mailingAddress: demo.mailing ?? demo.property,
        propertyAddress: demo.property,
        interestedParty: demo.interestedParty ?? null,
        coverage,
        termInterval: demo.termInterval,
        effectiveDate,
        ...ratedFigures(rating),
        payment,
        soldAt: clock.now(),
      },
    );
    return policyNumber;
  });
}

// The demo's renters policies alone, on a running server (a test of rewrites): its steps in day order, dated
// back from the clock's today, without the days' scheduled work between them.
export async function seedDemoRentersPolicies(db: Db, clock: Clock = systemClock): Promise<number> {
  return runDemoSteps(await demoRentersSteps(db, businessDay(clock)));
}
