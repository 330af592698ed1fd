import { businessDate, systemClock, type Clock } from '../../../calendar';
import type { PolicyView } from '../../../api/schemas/policies';
import { entityScope, type Principal } from '../../access/principal';
import type { Db } from '../../store/db';
import { BREEDS } from '../rating/breedCatalogue';
import { dollars, dollarsOrNull } from '../rating/wireAmounts';
import { loadWaitingPeriods } from '../rating/loadWaitingPeriods';
import { coverageStartDates, type WaitingPeriods } from '../rating/waitingPeriods';
import { readStream, type StoredEvent } from '../../store/eventStore';
import { POLICY_STREAM, type PolicyRenewalOffered } from './policyEvents';
import { findPolicyInScope, lifecycleOf, type PolicyLifecycle, type PolicyRecord } from './policyRecord';
import { genderCode, speciesCode } from '../petCodes';
import { policySoldThrough } from './policySoldThrough';

const BREED_NAMES = new Map(BREEDS.map((b) => [b.code, b.name]));

// Every policy of the policyholder that the caller may see, the one shown included, named for the screen's
// links to them, so the screen need not fetch each one to name it.
async function customerPolicies(
  db: Db,
  principal: Principal,
  customerId: number,
): Promise<PolicyView['customerPolicies']> {
  const scope = entityScope(principal);
  let query = db
    .selectFrom('policies as p')
    .innerJoin('entities as e', 'e.id', 'p.entity_id')
    .select(['p.matter_id as matterId', 'p.policy_number as policyNumber', 'p.pet_name as petName'])
    .where('p.customer_id', '=', customerId)
    .orderBy('p.matter_id');
  if (scope.kind === 'subtree') query = query.where('e.path', 'like', `${scope.path}%`);
  return query.execute();
}

// The "can" of the view: what the lifecycle statechart takes in the policy's state today.
export function allowed(lifecycle: PolicyLifecycle): PolicyView['can'] {
  return {
    cancel: lifecycle.snapshot.can({ type: 'policy.cancelled', flat: false, immediate: false }),
    edit: lifecycle.snapshot.can({ type: 'policy.policyholderChanged' }),
  };
}

// The renewal offered for the term after the current one, if the offer has been made.
function renewalOffered(events: readonly StoredEvent[], expirationDate: string): PolicyView['renewal'] {
  const offer = events
    .filter((e) => e.type === 'policy.renewalOffered')
    .map((e) => e.data as unknown as PolicyRenewalOffered)
    .findLast((o) => o.effectiveDate === expirationDate);
  return offer
    ? {
        effectiveDate: offer.effectiveDate,
        expirationDate: offer.expirationDate,
        annualPremium: dollars(offer.annualPremiumCents),
      }
    : null;
}

export function toPolicyView(
  p: PolicyRecord,
  policies: PolicyView['customerPolicies'],
  lifecycle: PolicyLifecycle,
  events: readonly StoredEvent[] = [],
  waitingPeriods: WaitingPeriods | null = null,
  soldThrough: PolicyView['soldThrough'] = null,
): PolicyView {
  const startDates = waitingPeriods && coverageStartDates(p.inception_day, waitingPeriods);
  return {
    matterId: p.matter_id,
    customerMatterIds: policies.map((policy) => policy.matterId),
    matterIds: policies.map((policy) => policy.matterId),
    customerPolicies: policies,
    version: lifecycle.version,
    summary: {
      policyNumber: p.policy_number,
      termType: p.term_type,
      status: p.status_code,
      effectiveDate: p.effective_day,
      expirationDate: p.expiration_day,
      inceptionDate: p.inception_day,
      cancellationEffectiveDate: p.cancel_day,
      cancellationPending: lifecycle.state === 'pendingCancellation',
      entityCode: p.entity_code,
      entityName: p.entity_name,
      brand: p.brand_code,
      brandName: p.brand_name,
      planCode: p.plan_code,
      planName: p.plan_name ?? p.plan_code,
      initPaySuccessful: p.init_pay_successful,
    },
    policyholder: {
      customerId: p.customer_id,
      firstName: p.first_name,
      lastName: p.last_name,
      email: p.email,
      phone: p.phone,
      addressLine1: p.address_line_1,
      addressLine2: p.address_line_2,
      city: p.city,
      state: p.customer_state,
      zip: p.zip,
    },
    pet: {
      name: p.pet_name,
      species: speciesCode(p.species),
      gender: genderCode(p.gender),
      breed: BREED_NAMES.get(p.breed) ?? p.breed,
      ageAtInception: p.age_at_inception,
      withUsSince: p.purchase_day,
    },
    coverage: {
      annualPremium: dollars(p.annual_premium_cents),
      annualCoverage: dollarsOrNull(p.annual_coverage_cents),
      copay: 100 - p.reimbursement,
      deductible: dollars(p.deductible_cents),
      reimbursement: p.reimbursement,
      wellnessLevel: p.wellness_code,
      startDates: startDates && {
        general: startDates.general,
        accident: startDates.accident,
        illness: startDates.illness,
        kneeLigament: startDates.knee_ligament,
        wellness: startDates.wellness,
      },
      waitingPeriods: waitingPeriods && {
        accident: waitingPeriods.accident,
        illness: waitingPeriods.illness,
        kneeLigament: waitingPeriods.knee_ligament,
        wellness: waitingPeriods.wellness,
      },
    },
    can: allowed(lifecycle),
    renewal: lifecycle.state === 'inForce' ? renewalOffered(events, p.expiration_day) : null,
    soldThrough,
  };
}

// GET /v2/policies/{matterId}: the policy as one screen shows it (SPEC §3 "Policy detail").
export async function viewPolicy(
  db: Db,
  principal: Principal,
  matterId: number,
  clock: Clock = systemClock,
): Promise<PolicyView> {
  const p = await findPolicyInScope(db, principal, matterId);
  const events = await db.transaction().execute((trx) => readStream(trx, POLICY_STREAM, p.policy_number));
  const lifecycle = lifecycleOf(events, businessDate(clock.now()));
  // Cover waits from the policy's first day, not from a renewal's (docs/rating.md "Waiting periods").
  const waitingPeriods = await loadWaitingPeriods(db, p.plan_code, p.inception_day);
  return toPolicyView(
    p,
    await customerPolicies(db, principal, p.customer_id),
    lifecycle,
    events,
    waitingPeriods,
    await policySoldThrough(db, p),
  );
}
