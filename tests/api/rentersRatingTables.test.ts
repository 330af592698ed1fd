import { describe, expect, it } from 'vitest';
import { rentersCoverageOptions } from '../../src/server/domain/rentersRating/coverageOptions';
import { filedRentersTables } from '../../src/server/domain/rentersRating/filedRentersTables';
import { loadRentersRateTables } from '../../src/server/domain/rentersRating/loadRentersRateTables';
import { rateRentersQuote } from '../../src/server/domain/rentersRating/rateRentersQuote';
import type { RentersRatingInput } from '../../src/server/domain/rentersRating/rentersTypes';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

const MIAMI: RentersRatingInput = {
  zip_code: '33101',
  term_interval: 'monthly',
  coverage: {
    contents: {
      amount: 3_500_000,
      deductible_amount: 100_000,
      additional_living_expense: 600_000,
      is_preferred_property: true,
    },
    liability: {
      amount: 30_000_000,
      damage_to_property_of_others_amount: 100_000,
      medical_payments_amount: 500_000,
    },
    optional: {
      combined_personal_property_value: 1_250_000,
      enhancement_endorsement_level: 2,
      identity_fraud_amount: 2_500_000,
      include_replacement_cost: true,
      include_theft: false,
      include_water_damage: true,
      include_wind_hail_exclusion: true,
    },
  },
};

// Migration 011's renters tables as the loader reads them: the version in force on a date, on each database.
describe.each(testDatabases())('renters rate tables on %s', (database) => {
  const s = useTestServer(database);
  const db = () => s.t.server.database.db;

  it('loads what the filing constants hold, so rating from the database matches', async () => {
    for (const state of ['CA', 'FL', 'IL', 'KY', 'NY', 'TX', 'OH']) {
      for (const date of ['2024-12-31', '2025-04-01', '2026-06-30', '2026-07-01', '2026-11-22']) {
        expect(await loadRentersRateTables(db(), state, date)).toEqual(filedRentersTables(state, date));
      }
    }
    const loaded = await loadRentersRateTables(db(), 'FL', '2026-11-22');
    const rating = rateRentersQuote(loaded, MIAMI);
    expect(rating.ok).toBe(true);
    expect(rating).toEqual(rateRentersQuote(filedRentersTables('FL', '2026-11-22'), MIAMI));
  });

  it('picks the version in force on the date', async () => {
    expect((await loadRentersRateTables(db(), 'TX', '2026-06-30')).contentsRateCents).toBe(650);
    expect((await loadRentersRateTables(db(), 'TX', '2026-07-01')).contentsRateCents).toBe(690);
    const ca = await loadRentersRateTables(db(), 'CA', '2026-07-01');
    expect(rentersCoverageOptions(ca).options.contents?.values).toEqual([1_000_000, 15_000_000]);
    expect((await loadRentersRateTables(db(), 'NY', '2026-07-01')).sold).toBe(false);
    for (const bad of ['2026-13-45', '2026-02-30', '26-07-01']) {
      await expect(loadRentersRateTables(db(), 'TX', bad)).rejects.toThrow(/must be a date/);
    }
  });

  it('takes a new filing from its date, as a whole, leaving the other tables alone', async () => {
    // New York opens in 2027 with one territory, and Illinois drops the $250 deductible.
    await db()
      .insertInto('renters_states')
      .values({
        state_code: 'NY',
        effective_date: '2027-01-01',
        is_sold: true,
        premium_tax_bp: 200,
        contents_rate_cents: 900,
      })
      .execute();
    await db()
      .insertInto('renters_territories')
      .values({
        state_code: 'NY',
        zip_prefix: '*',
        effective_date: '2027-01-01',
        factor_bp: 10_000,
        municipality: null,
        municipal_tax_bp: 0,
      })
      .execute();
    const il = await db()
      .selectFrom('renters_coverage_options')
      .select(['option_code', 'allow', 'option_type', 'option_values', 'step_cents'])
      .where('state_code', '=', 'IL')
      .execute();
    const rows = [
      ...il.map((r) => ({ ...r, state_code: 'NY' })),
      ...il.map((r) => ({ ...r, state_code: 'IL' })),
    ];
    await db()
      .insertInto('renters_coverage_options')
      .values(
        rows.map((r) => ({
          ...r,
          effective_date: '2027-01-01',
          option_values: JSON.stringify(
            r.option_code === 'DEDUCTIBLE' ? r.option_values.filter((v) => v !== 25_000) : r.option_values,
          ),
        })),
      )
      .execute();

    const ny = await loadRentersRateTables(db(), 'NY', '2027-01-01');
    expect(ny.sold).toBe(true);
    const quote = rateRentersQuote(ny, {
      ...MIAMI,
      zip_code: '10001',
      coverage: {
        ...MIAMI.coverage,
        optional: { ...MIAMI.coverage.optional, include_wind_hail_exclusion: false },
      },
    });
    expect(quote.ok && quote.rating.components.contents).toBe(24_948); // 35 × 900 × 1.00 × 0.88 × 0.90
    expect((await loadRentersRateTables(db(), 'NY', '2026-12-31')).sold).toBe(false);

    const il2027 = await loadRentersRateTables(db(), 'IL', '2027-01-01');
    expect(il2027.options.DEDUCTIBLE.values).toEqual([50_000, 100_000, 250_000]);
    expect(il2027.factors).toEqual(filedRentersTables('IL', '2027-01-01').factors);
    expect((await loadRentersRateTables(db(), 'IL', '2026-12-31')).options.DEDUCTIBLE.values).toContain(
      25_000,
    );
  });
});
