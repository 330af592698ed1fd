import { createEntity } from '../../domain/entities/entityCommands';
import type { EntityFields } from '../../domain/entities/entityEvents';
import type { Db } from '../../store/db';
import { systemClock } from '../../../calendar';
import type { EventActor } from '../../store/eventStore';
import { seedDemoCommissionRules } from '../demoCommissionRules';
import type { Seller } from './petSale';
import { Random } from './random';

const SEED_BY: EventActor = { userId: null, entityId: null, requestId: 'seed:large' };
const PLACES = [
  'Harbor',
  'Prairie',
  'Canyon',
  'Bayou',
  'Summit',
  'Lakeshore',
  'Piedmont',
  'Sierra',
  'Gulf',
  'Ozark',
  'Cascade',
  'Mesa',
  'Tidewater',
  'Bluegrass',
  'Palmetto',
  'Redwood',
  'Great Plains',
  'Ironwood',
  'Sandhill',
  'Riverbend',
];
const WORDS = ['Pet & Home', 'Family', 'Renters', 'Insurance', 'Coverage', 'Protection', 'Risk', 'Benefits'];
const REGIONS = 40;

// The code of agency `index` of the large hierarchy: NNNN-NNNN-XX like every entity code (SPEC §5), in a
// block of its own (7000-…-LG) that the demo never uses.
const codeOf = (region: number, index: number) => `${7000 + region}-${String(index).padStart(4, '0')}-LG`;

const fields = (code: string, name: string, masterEntityId: number, typeCode: string): EntityFields => ({
  masterEntityId,
  entityCode: code,
  entityName: name,
  dba: null,
  statusCode: 'ACTIVE',
  typeCode,
  trackingCode: null,
  trackingCodeType: null,
  accountManager: null,
  addedToAccounting: true,
  payoutFrequency: 'MONTHLY',
  payoutMethod: 'ACH',
  routingNumber: null,
  brandQuoteAppLink: null,
  canQuote: true,
});

// `count` agencies beneath the house, through the entity commands (so paths, history and rules are what an
// administrator's work would make): forty regional networks, each with its agencies beneath it, and the
// commission rules every agency is given from the house's schedule. Agencies already there are kept.
// Returns the agencies that sell, each with a user who quotes for it (the demo agent, or none).
export async function ensureAgencies(db: Db, count: number, seed: number): Promise<Seller[]> {
  // The book is made on the real clock: its agencies and rules are dated when it is made.
  const SEED = { ...SEED_BY, at: systemClock.now() };
  const house = await db
    .selectFrom('entities')
    .select('id')
    .where('type_code', '=', 'HOUSE')
    .where('master_entity_id', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const existing = new Map(
    (
      await db
        .selectFrom('entities')
        .select(['id', 'entity_code'])
        .where('entity_code', 'like', '%-LG')
        .execute()
    ).map((e) => [e.entity_code, e.id]),
  );
  const regions = Math.min(REGIONS, count);
  const perRegion = Math.ceil(count / regions);
  const sellers: Seller[] = [];
  await db.transaction().execute(async (trx) => {
    for (let region = 0; region < regions; region++) {
      const random = Random.of(seed, region);
      const regionCode = codeOf(region, 0);
      const regionName = `${PLACES[region % PLACES.length]} ${region < PLACES.length ? '' : 'West '}Agency Network`;
      const regionId =
        existing.get(regionCode) ??
        (await createEntity(
          trx,
          fields(regionCode, regionName.replace('  ', ' '), house.id, 'AGENCY'),
          SEED,
        ));
      sellers.push({ entityId: regionId, entityCode: regionCode, userId: null });
      for (let i = 1; i < perRegion && sellers.length < count; i++) {
        const code = codeOf(region, i);
        const name = `${random.pick(PLACES)} ${random.pick(WORDS)} Agency ${region + 1}-${i}`;
        const id =
          existing.get(code) ?? (await createEntity(trx, fields(code, name, regionId, 'SUBAGENCY'), SEED));
        sellers.push({ entityId: id, entityCode: code, userId: null });
      }
    }
    await seedDemoCommissionRules(trx, SEED.at);
  });
  return sellers;
}
