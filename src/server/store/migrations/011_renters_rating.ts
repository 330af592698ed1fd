import { sql, type Kysely } from 'kysely';
import {
  RENTERS_CHARGE_ROWS,
  RENTERS_FACTOR_ROWS,
  RENTERS_FEE_ROWS,
  RENTERS_OPTION_ROWS,
  RENTERS_STATE_ROWS,
  RENTERS_TERRITORY_ROWS,
} from './frozen/011_renters_rating';

// Renters rating: the rate tables and coverage option rules, versioned by effective date (docs/rating.md
// "Renters"), seeded with the filing of rentersReference.ts as frozen in frozen/011_renters_rating.ts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const stateRef = 'states.code';
  await db.schema
    .createTable('renters_states')
    .addColumn('state_code', 'text', (c) => c.notNull().references(stateRef))
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('is_sold', 'boolean', (c) => c.notNull())
    .addColumn('premium_tax_bp', 'integer', (c) => c.notNull())
    .addColumn('contents_rate_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('renters_states_pk', ['state_code', 'effective_date'])
    .execute();
  await db.schema
    .createTable('renters_territories')
    .addColumn('state_code', 'text', (c) => c.notNull().references(stateRef))
    .addColumn('zip_prefix', 'text', (c) => c.notNull())
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('factor_bp', 'integer', (c) => c.notNull())
    .addColumn('municipality', 'text')
    .addColumn('municipal_tax_bp', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('renters_territories_pk', ['state_code', 'zip_prefix', 'effective_date'])
    .execute();
  await db.schema
    .createTable('renters_rate_factors')
    .addColumn('factor_type', 'text', (c) => c.notNull())
    .addColumn('factor_key', 'text', (c) => c.notNull())
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('factor_bp', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('renters_rate_factors_pk', ['factor_type', 'factor_key', 'effective_date'])
    .execute();
  await db.schema
    .createTable('renters_rate_charges')
    .addColumn('charge_type', 'text', (c) => c.notNull())
    .addColumn('charge_key', 'text', (c) => c.notNull())
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('renters_rate_charges_pk', ['charge_type', 'charge_key', 'effective_date'])
    .execute();
  await db.schema
    .createTable('renters_fees')
    .addColumn('state_code', 'text', (c) => c.notNull().references(stateRef))
    .addColumn('fee_code', 'text', (c) => c.notNull())
    .addColumn('payment_period', 'text', (c) =>
      c.notNull().check(sql`payment_period in ('TERM', 'MONTHLY', 'ANNUAL')`),
    )
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('renters_fees_pk', [
      'state_code',
      'fee_code',
      'payment_period',
      'effective_date',
    ])
    .execute();
  await db.schema
    .createTable('renters_coverage_options')
    .addColumn('state_code', 'text', (c) => c.notNull().references(stateRef))
    .addColumn('option_code', 'text', (c) => c.notNull())
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('allow', 'boolean', (c) => c.notNull())
    .addColumn('option_type', 'text', (c) => c.notNull().check(sql`option_type in ('list', 'range')`))
    .addColumn('option_values', 'jsonb', (c) => c.notNull())
    .addColumn('step_cents', 'integer')
    .addPrimaryKeyConstraint('renters_coverage_options_pk', ['state_code', 'option_code', 'effective_date'])
    .execute();

  await db.insertInto('renters_states').values(RENTERS_STATE_ROWS).execute();
  await db.insertInto('renters_territories').values(RENTERS_TERRITORY_ROWS).execute();
  await db.insertInto('renters_rate_factors').values(RENTERS_FACTOR_ROWS).execute();
  await db.insertInto('renters_rate_charges').values(RENTERS_CHARGE_ROWS).execute();
  await db.insertInto('renters_fees').values(RENTERS_FEE_ROWS).execute();
  await db.insertInto('renters_coverage_options').values(RENTERS_OPTION_ROWS).execute();
}
