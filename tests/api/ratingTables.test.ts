import { describe, expect, it } from 'vitest';
import { loadRateTables } from '../../src/server/domain/rating/loadRateTables';
import { planOptions } from '../../src/server/domain/rating/planOptions';
import { rateQuote } from '../../src/server/domain/rating/rateQuote';
import type { QuoteRatingInput } from '../../src/server/domain/rating/rateTypes';
import { filedTables } from '../support/rateTableFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

const QUOTE: QuoteRatingInput = {
  zip: '40202',
  discountCode: 'SHELTER15',
  pets: [
    {
      species: 'DOG',
      breedCode: 'LABRADOR_RETRIEVER',
      age: 5,
      planCode: 'AI_UNL',
      deductible: 25_000,
      reimbursement: 90,
      examFee: true,
      wellnessCode: 'WELLNESS_BASIC',
    },
    {
      species: 'CAT',
      breedCode: 'PERSIAN',
      age: 9,
      planCode: 'ACC_10K',
      deductible: 50_000,
      reimbursement: 80,
      examFee: false,
      wellnessCode: null,
    },
  ],
};

// Migration 005's rate tables as the loader reads them: the version in force on a date, on each database.
describe.each(testDatabases())('rate tables on %s', (database) => {
  const s = useTestServer(database);
  const db = () => s.t.server.database.db;

  it('loads what the filing constants hold, so rating from the database matches', async () => {
    for (const date of ['2025-04-01', '2026-06-30', '2026-07-01', '2026-11-22']) {
      const loaded = await loadRateTables(db(), 'KY', date);
      expect(loaded).toEqual(filedTables('KY', date));
      expect(rateQuote(loaded, QUOTE)).toEqual(rateQuote(filedTables('KY', date), QUOTE));
    }
  });

  it('picks the base-rate version in force on the date', async () => {
    expect((await loadRateTables(db(), 'TX', '2025-01-01')).baseRates.DOG).toBe(52_000);
    expect((await loadRateTables(db(), 'TX', '2026-06-30')).baseRates.DOG).toBe(52_000);
    expect((await loadRateTables(db(), 'TX', '2026-07-01')).baseRates.DOG).toBe(54_600);
    await expect(loadRateTables(db(), 'TX', '2024-12-31')).rejects.toThrow(/not sold in TX/);
    await expect(loadRateTables(db(), 'NY', '2026-07-01')).rejects.toThrow(/not sold in NY/);
    for (const bad of ['2026-13-45', '2026-02-30', '26-07-01']) {
      await expect(loadRateTables(db(), 'TX', bad)).rejects.toThrow(/must be a date/);
    }
  });

  it('takes a new filing of one table from its date, as a whole, leaving the other tables alone', async () => {
    // A 2027 deductible table without the $100 deductible, and a 2027 Texas premium tax.
    await db()
      .insertInto('rate_factors')
      .values(
        [
          ['25000', 11_000],
          ['50000', 10_000],
          ['75000', 9_200],
        ].map(([key, bp]) => ({
          factor_type: 'DEDUCTIBLE',
          factor_key: String(key),
          effective_date: '2027-01-01',
          factor_bp: Number(bp),
        })),
      )
      .execute();
    await db()
      .insertInto('pet_states')
      .values({
        state_code: 'TX',
        effective_date: '2027-01-01',
        premium_tax_bp: 175,
        default_plan_code: 'AI_5K',
        exam_fee_available: true,
        wellness_available: true,
      })
      .execute();
    const before = await loadRateTables(db(), 'TX', '2026-12-31');
    const after = await loadRateTables(db(), 'TX', '2027-01-01');
    expect(planOptions(before).deductibles.values).toEqual([10_000, 25_000, 50_000, 75_000, 100_000]);
    expect(planOptions(after).deductibles.values).toEqual([25_000, 50_000, 75_000]);
    expect([before.premiumTaxBp, after.premiumTaxBp]).toEqual([160, 175]);
    expect(planOptions(after).default_plan).toBe('AI_5K');
    expect(after.factors.PLAN).toEqual(before.factors.PLAN);
    expect(after.baseRates).toEqual(before.baseRates);
    expect((await loadRateTables(db(), 'KY', '2027-01-01')).premiumTaxBp).toBe(200);
  });

  it('keeps discount codes to their validity dates', async () => {
    const codes = async (date: string) =>
      (await loadRateTables(db(), 'TX', date)).discountCodes.map((d) => d.code);
    expect(await codes('2025-05-31')).toContain('SPRING25');
    expect(await codes('2025-06-01')).not.toContain('SPRING25');
    expect(await codes('2025-06-01')).not.toContain('VETREF');
  });

  it('seeds the quoting reference data', async () => {
    const breeds = await db()
      .selectFrom('breeds')
      .select(['species', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('species')
      .orderBy('species')
      .execute();
    expect(breeds.map((b) => [b.species, Number(b.n) >= (b.species === 'DOG' ? 150 : 40)])).toEqual([
      ['CAT', true],
      ['DOG', true],
    ]);
    const nested = await db()
      .selectFrom('coverage_items as child')
      .innerJoin('coverage_items as parent', 'parent.id', 'child.parent_id')
      .select(['parent.code as parent', 'child.code as child'])
      .where('parent.code', '=', 'ACCIDENTS')
      .orderBy('child.sort_order')
      .execute();
    expect(nested.map((n) => n.child)).toEqual([
      'BROKEN_BONES',
      'LACERATIONS',
      'POISONING',
      'ACCIDENT_EMERGENCY',
    ]);
    const benefits = await db()
      .selectFrom('wellness_benefits')
      .select(['wellness_code', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('wellness_code')
      .orderBy('wellness_code')
      .execute();
    expect(benefits.map((b) => [b.wellness_code, Number(b.n)])).toEqual([
      ['WELLNESS_BASIC', 3],
      ['WELLNESS_PLUS', 5],
      ['WELLNESS_PREMIER', 7],
    ]);
    const configs = await db()
      .selectFrom('quote_configs')
      .select(['code', 'value'])
      .orderBy('code')
      .execute();
    expect(configs.find((c) => c.code === 'QUOTE_VALIDITY_DAYS')?.value).toBe('30');
    expect(
      await db().selectFrom('pet_types').select(['code', 'description']).orderBy('sort_order').execute(),
    ).toEqual([
      { code: 'DOG', description: 'Dog' },
      { code: 'CAT', description: 'Cat' },
    ]);
  });
});
