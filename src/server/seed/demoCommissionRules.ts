import { createRule, generateRules, type RuleFields } from '../domain/commission/commissionRuleCommands';
import type { CommissionSpecies } from '../domain/moneyRules/commissionRates';
import { STATE_ROWS } from '../domain/rating/rateTableRows';
import { RENTERS_SOLD_STATES } from '../domain/rentersRating/rentersReference';
import type { EventActor, Trx } from '../store/eventStore';

// The demo's commission rate rules: the house's schedule (what an agency is paid, per line and state), and
// a copy for every demo agency generated from it, as an administrator would. Runs once: entities that already
// have rules are left alone.
const SEED_BY: EventActor = { userId: null, entityId: null, requestId: 'seed:commission-rules' };
const SCHEDULE_START = '2025-01-01';
const PET_STATES = STATE_ROWS.map((row) => row.state_code);

type Line = [RuleFields['businessType'], string, CommissionSpecies, basisPoints: number];

// New business pays 15% on pets and 12% on renters, renewals 10% and 8%; cancellations take back at the
// rate the business was paid at (a chargeback of the premium returned).
const SCHEDULE: readonly Line[] = [
  ...(['DOG', 'CAT'] as const).flatMap((species): Line[] => [
    ['NEW', 'NB', species, 1500],
    ['NEW', 'CN', species, 1500],
    ['NEW', 'FC', species, 1500],
    ['RENEWAL', 'RN', species, 1000],
    ['RENEWAL', 'CN', species, 1000],
  ]),
  ['NEW', 'NB', 'RENTERS', 1200],
  ['NEW', 'CN', 'RENTERS', 1200],
  ['NEW', 'FC', 'RENTERS', 1200],
  ['RENEWAL', 'RN', 'RENTERS', 800],
  ['RENEWAL', 'CN', 'RENTERS', 800],
];

const rule = (entityId: number, [businessType, eventCode, species, pay]: Line): RuleFields => ({
  entityId,
  businessType,
  calculationType: 'PERCENT',
  eventCode,
  stateCodes: species === 'RENTERS' ? [...RENTERS_SOLD_STATES] : PET_STATES,
  species,
  payMultiplier: pay,
  effectiveDate: SCHEDULE_START,
  expirationDate: null,
});

// `at` dates the records (the demo's year opens before its first sale).
export async function seedDemoCommissionRules(trx: Trx, at: Date): Promise<number> {
  const SEED = { ...SEED_BY, at };
  const entities = await trx
    .selectFrom('entities')
    .select(['id', 'type_code', 'master_entity_id'])
    .orderBy('id')
    .execute();
  const house = entities.find((e) => e.type_code === 'HOUSE' && e.master_entity_id === null);
  if (!house) return 0;
  const withRules = new Set(
    (await trx.selectFrom('commission_rules').select('entity_id').distinct().execute()).map(
      (r) => r.entity_id,
    ),
  );
  let created = 0;
  if (!withRules.has(house.id)) {
    // The schedule before this one: new dog business paid 12% in Texas until it ended.
    await createRule(
      trx,
      {
        ...rule(house.id, ['NEW', 'NB', 'DOG', 1200]),
        stateCodes: ['TX'],
        effectiveDate: '2024-01-01',
        expirationDate: SCHEDULE_START,
      },
      SEED,
    );
    for (const line of SCHEDULE) await createRule(trx, rule(house.id, line), SEED);
    created += SCHEDULE.length + 1;
  }
  for (const entity of entities) {
    if (entity.id === house.id || withRules.has(entity.id)) continue;
    created += (await generateRules(trx, entity.id, house.id, SCHEDULE_START, SEED)).created;
  }
  return created;
}
