import type { Db } from '../../store/db';

// What the large data set sells, read from the reference data every install has: the states each line is
// filed in, the pet breeds and plans, and the agencies that sell.
export interface Catalogue {
  petStates: string[];
  rentersStates: string[];
  breeds: { code: string; species: string }[];
  plans: { code: string; limitCents: number | null; deductibleCents: number; reimbursement: number }[];
}

export async function readCatalogue(db: Db): Promise<Catalogue> {
  const petStates = await db.selectFrom('pet_states').select('state_code').distinct().execute();
  const rentersStates = await db
    .selectFrom('renters_states')
    .select('state_code')
    .where('is_sold', '=', true)
    .distinct()
    .execute();
  const breeds = await db
    .selectFrom('breeds')
    .select(['code', 'species'])
    .where('is_enabled', '=', true)
    .orderBy('code')
    .execute();
  const plans = await db
    .selectFrom('pet_plans')
    .select(['plan_code', 'plan_limit_cents', 'default_deductible_cents', 'default_reimbursement'])
    .orderBy('sort_order')
    .execute();
  return {
    petStates: petStates.map((s) => s.state_code).sort(),
    rentersStates: rentersStates.map((s) => s.state_code).sort(),
    // The quote journey records the species as the portal sends it, in lower case.
    breeds: breeds.map((b) => ({ code: b.code, species: b.species.toLowerCase() })),
    plans: plans.map((p) => ({
      code: p.plan_code,
      limitCents: p.plan_limit_cents,
      deductibleCents: p.default_deductible_cents,
      reimbursement: p.default_reimbursement,
    })),
  };
}
