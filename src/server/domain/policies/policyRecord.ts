import { sql } from 'kysely';
import { startOfBusinessDay } from '../../../calendar';
import { transition, type AnyMachineSnapshot } from 'xstate';
import type { PolicyLifecycleState } from '../../../machines/policyLifecycle';
import { entityScope, type Principal } from '../../access/principal';
import { notFound } from '../domainErrors';
import { fold } from '../../store/aggregate';
import type { Db } from '../../store/db';
import { readStream, type NewEvent, type StoredEvent, type Trx } from '../../store/eventStore';
import { policyAggregate } from './policyAggregate';
import { policyEvent, type PolicyCancelled } from './policyEvents';

const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

// One pet policy by its matter id with its policyholder and entity, if the caller may see it: staff every
// policy, agency users those of their entity or one below it. Anything else is 404, as for an unknown id.
export async function findPolicyInScope(db: Db | Trx, principal: Principal, matterId: number) {
  const scope = entityScope(principal);
  let query = db
    .selectFrom('policies as p')
    .innerJoin('entities as e', 'e.id', 'p.entity_id')
    .innerJoin('customers as c', 'c.id', 'p.customer_id')
    .leftJoin('brands as b', 'b.code', 'p.brand_code')
    .leftJoin('pet_plans as plan', 'plan.plan_code', 'p.plan_code')
    .select([
      'p.policy_number',
      'p.matter_id',
      'p.policy_version',
      'p.quote_uuid',
      'p.customer_id',
      'p.pet_name',
      'p.species',
      'p.breed',
      'p.gender',
      'p.age_at_inception',
      'p.term_type',
      'p.status_code',
      'p.brand_code',
      'p.state',
      'p.plan_code',
      'p.deductible_cents',
      'p.reimbursement',
      'p.annual_coverage_cents',
      'p.wellness_code',
      'p.annual_premium_cents',
      'p.payment_period',
      'p.init_pay_successful',
      'plan.plan_desc as plan_name',
      'e.entity_code',
      'e.entity_name',
      'c.first_name',
      'c.last_name',
      'c.email',
      'c.phone',
      'c.address_line_1',
      'c.address_line_2',
      'c.city',
      'c.state as customer_state',
      'c.zip',
    ])
    .select([
      day('p.purchase_date').as('purchase_day'),
      day('p.inception_date').as('inception_day'),
      day('p.effective_date').as('effective_day'),
      day('p.expiration_date').as('expiration_day'),
      sql<string | null>`to_char(p.cancel_effective_date, 'YYYY-MM-DD')`.as('cancel_day'),
      sql<string | null>`b.data->>'name'`.as('brand_name'),
    ])
    .where('p.matter_id', '=', matterId);
  if (scope.kind === 'subtree') query = query.where('e.path', 'like', `${scope.path}%`);
  const policy = await query.executeTakeFirst();
  if (!policy) throw notFound('policy');
  return policy;
}
export type PolicyRecord = Awaited<ReturnType<typeof findPolicyInScope>>;

export interface PolicyLifecycle {
  version: number;
  state: PolicyLifecycleState;
  snapshot: AnyMachineSnapshot;
  // Events that time has made true and the log does not hold yet (a pending cancellation whose date came):
  // a command appends them before its own.
  due: NewEvent[];
}

// The policy's lifecycle as of `today` (YYYY-MM-DD, Central): its log folded through the statechart, plus
// what the passing of time has made true (docs/decisions/006).
export function lifecycleOf(events: readonly StoredEvent[], today: string): PolicyLifecycle {
  let snapshot = fold(policyAggregate, events);
  const due: NewEvent[] = [];
  const cancelled = events.findLast((e) => e.type === 'policy.cancelled')?.data as
    PolicyCancelled | undefined;
  if (snapshot.value === 'pendingCancellation' && cancelled && cancelled.cancelEffectiveDate <= today) {
    // Dated at the start of the cancel date's business day, whoever writes it and however late.
    const event = {
      ...policyEvent.cancellationTookEffect({ cancelEffectiveDate: cancelled.cancelEffectiveDate }),
      recordedAt: startOfBusinessDay(cancelled.cancelEffectiveDate),
    };
    due.push(event);
    [snapshot] = transition(policyAggregate.machine, snapshot, policyAggregate.toMachineEvent(event));
  }
  return {
    version: events.at(-1)?.version ?? 0,
    state: snapshot.value as PolicyLifecycleState,
    snapshot,
    due,
  };
}

export async function loadLifecycle(trx: Trx, policyNumber: string, today: string): Promise<PolicyLifecycle> {
  return lifecycleOf(await readStream(trx, policyAggregate.streamType, policyNumber), today);
}

// The state as a sentence names it, for the 409 of a refused command.
export function stateName(state: PolicyLifecycleState): string {
  switch (state) {
    case 'inForce':
      return 'in force';
    case 'pendingCancellation':
      return 'pending cancellation';
    case 'cancelled':
      return 'cancelled';
    case 'absent':
      return 'not issued';
  }
}
