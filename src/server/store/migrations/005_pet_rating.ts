import type { Kysely } from 'kysely';
import {
  AGE_BAND_ROWS,
  BASE_RATE_ROWS,
  BREEDS,
  CONFIG_ROWS,
  COVERAGE_ITEMS,
  DISCOUNT_CODE_ROWS,
  FACTOR_ROWS,
  FEE_ROWS,
  PET_TYPE_ROWS,
  PLAN_ROWS,
  STATE_ROWS,
  TERRITORY_ROWS,
  WELLNESS_PLANS,
} from './frozen/005_pet_rating';

// Pet quoting: reference data (pet types, breeds, configs, coverage items, wellness levels, plans, discount
// codes) and the rate tables, versioned by effective date (docs/rating.md). The pet underwriting questions
// are migration 003's `underwriting_questions`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await referenceTables(db);
  await rateTables(db);
  await seed(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function referenceTables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pet_types')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('breeds')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('species', 'text', (c) => c.notNull().references('pet_types.code'))
    .addColumn('breed_class', 'text', (c) => c.notNull())
    .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema.createIndex('breeds_species_name').on('breeds').columns(['species', 'name']).execute();
  await db.schema
    .createTable('quote_configs')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('coverage_items')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('parent_id', 'integer', (c) => c.references('coverage_items.id'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('available', 'boolean', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('tooltip', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('display', 'boolean', (c) => c.notNull())
    .addColumn('value', 'text')
    .execute();
  await db.schema
    .createTable('wellness_plans')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('monthly_price_cents', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('wellness_benefits')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('wellness_code', 'text', (c) => c.notNull().references('wellness_plans.code'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('annual_limit_cents', 'integer')
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('pet_plans')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('plan_code', 'text', (c) => c.notNull().unique())
    .addColumn('plan_desc', 'text', (c) => c.notNull())
    .addColumn('accident_only', 'boolean', (c) => c.notNull())
    .addColumn('plan_limit_cents', 'integer')
    .addColumn('aq_product_id', 'text', (c) => c.notNull())
    .addColumn('default_deductible_cents', 'integer', (c) => c.notNull())
    .addColumn('default_reimbursement', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('discount_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('discount_bp', 'integer', (c) => c.notNull())
    .addColumn('max_allowed_discount_bp', 'integer', (c) => c.notNull())
    .addColumn('starts_on', 'date', (c) => c.notNull())
    .addColumn('ends_on', 'date')
    .addColumn('is_enabled', 'boolean', (c) => c.notNull())
    .execute();
}

// Every rate table keys its rows by what they price plus the effective date, so a new filing adds rows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function rateTables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pet_states')
    .addColumn('state_code', 'text', (c) => c.notNull().references('states.code'))
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('premium_tax_bp', 'integer', (c) => c.notNull())
    .addColumn('default_plan_code', 'text', (c) => c.notNull().references('pet_plans.plan_code'))
    .addColumn('exam_fee_available', 'boolean', (c) => c.notNull())
    .addColumn('wellness_available', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('pet_states_pk', ['state_code', 'effective_date'])
    .execute();
  await db.schema
    .createTable('rate_base_rates')
    .addColumn('species', 'text', (c) => c.notNull().references('pet_types.code'))
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('annual_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_base_rates_pk', ['species', 'effective_date'])
    .execute();
  await db.schema
    .createTable('rate_factors')
    .addColumn('factor_type', 'text', (c) => c.notNull())
    .addColumn('factor_key', 'text', (c) => c.notNull())
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('factor_bp', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_factors_pk', ['factor_type', 'factor_key', 'effective_date'])
    .execute();
  await db.schema
    .createTable('rate_age_bands')
    .addColumn('species', 'text', (c) => c.notNull().references('pet_types.code'))
    .addColumn('min_age', 'integer', (c) => c.notNull())
    .addColumn('max_age', 'integer', (c) => c.notNull())
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('factor_bp', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_age_bands_pk', ['species', 'min_age', 'effective_date'])
    .execute();
  await db.schema
    .createTable('rate_territories')
    .addColumn('state_code', 'text', (c) => c.notNull().references('states.code'))
    .addColumn('zip_prefix', 'text', (c) => c.notNull())
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('factor_bp', 'integer', (c) => c.notNull())
    .addColumn('municipality', 'text')
    .addColumn('municipal_tax_bp', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_territories_pk', ['state_code', 'zip_prefix', 'effective_date'])
    .execute();
  await db.schema
    .createTable('rate_fees')
    .addColumn('state_code', 'text', (c) => c.notNull().references('states.code'))
    .addColumn('fee_code', 'text', (c) => c.notNull())
    .addColumn('payment_period', 'text', (c) => c.notNull())
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_fees_pk', ['state_code', 'fee_code', 'payment_period', 'effective_date'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function seed(db: Kysely<any>): Promise<void> {
  await db.insertInto('pet_types').values(PET_TYPE_ROWS).execute();
  await db
    .insertInto('breeds')
    .values(
      BREEDS.map((b) => ({ code: b.code, name: b.name, species: b.species, breed_class: b.breedClass })),
    )
    .execute();
  await db.insertInto('quote_configs').values(CONFIG_ROWS).execute();
  await db
    .insertInto('coverage_items')
    .values(coverageRows(COVERAGE_ITEMS, null, { next: 0 }))
    .execute();
  await db
    .insertInto('wellness_plans')
    .values(
      WELLNESS_PLANS.map((w, i) => ({
        code: w.code,
        name: w.name,
        monthly_price_cents: w.monthlyPriceCents,
        sort_order: i + 1,
      })),
    )
    .execute();
  let benefitId = 0;
  await db
    .insertInto('wellness_benefits')
    .values(
      WELLNESS_PLANS.flatMap((w) =>
        w.benefits.map(([name, limit], i) => ({
          id: ++benefitId,
          wellness_code: w.code,
          name,
          annual_limit_cents: limit,
          sort_order: i + 1,
        })),
      ),
    )
    .execute();
  await db.insertInto('pet_plans').values(PLAN_ROWS).execute();
  await db.insertInto('discount_codes').values(DISCOUNT_CODE_ROWS).execute();
  await db.insertInto('pet_states').values(STATE_ROWS).execute();
  await db.insertInto('rate_base_rates').values(BASE_RATE_ROWS).execute();
  await db.insertInto('rate_factors').values(FACTOR_ROWS).execute();
  await db.insertInto('rate_age_bands').values(AGE_BAND_ROWS).execute();
  await db.insertInto('rate_territories').values(TERRITORY_ROWS).execute();
  await db.insertInto('rate_fees').values(FEE_ROWS).execute();
}

// A coverage item as the frozen catalogue holds it, with its nested items.
interface CoverageItemDefinition {
  code: string;
  description: string;
  tooltip?: string;
  type: string;
  available?: boolean;
  display?: boolean;
  value?: string;
  items?: readonly CoverageItemDefinition[];
}

// Parents before children, so one insert satisfies the parent reference.
function coverageRows(
  items: readonly CoverageItemDefinition[],
  parentId: number | null,
  ids: { next: number },
): Record<string, unknown>[] {
  return items.flatMap((item, i) => {
    const id = ++ids.next;
    return [
      {
        id,
        parent_id: parentId,
        code: item.code,
        available: item.available ?? true,
        description: item.description,
        tooltip: item.tooltip ?? null,
        type: item.type,
        sort_order: i + 1,
        display: item.display ?? true,
        value: item.value ?? null,
      },
      ...coverageRows(item.items ?? [], id, ids),
    ];
  });
}
