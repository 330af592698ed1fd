import { describe, expect, it } from 'vitest';
import { BREEDS, breedCode } from '../../src/server/domain/rating/breedCatalogue';
import { COVERAGE_ITEMS, WELLNESS_PLANS } from '../../src/server/domain/rating/coverageReference';
import { CONFIG_ROWS, PLAN_ROWS } from '../../src/server/domain/rating/quoteReference';
import { AGE_BAND_ROWS, FACTOR_ROWS, STATE_ROWS } from '../../src/server/domain/rating/rateTableRows';

describe('pet quoting reference data', () => {
  it('lists at least 150 dog and 40 cat breeds with unique codes', () => {
    expect(BREEDS.filter((b) => b.species === 'DOG').length).toBeGreaterThanOrEqual(150);
    expect(BREEDS.filter((b) => b.species === 'CAT').length).toBeGreaterThanOrEqual(40);
    expect(new Set(BREEDS.map((b) => b.code)).size).toBe(BREEDS.length);
    expect(breedCode('Poodle (Toy)')).toBe('POODLE_TOY');
  });

  it('files a factor for every breed class and plan', () => {
    const filed = (type: string) =>
      new Set(FACTOR_ROWS.filter((f) => f.factor_type === type).map((f) => f.factor_key));
    for (const b of BREEDS) expect(filed('BREED_CLASS').has(b.breedClass)).toBe(true);
    for (const p of PLAN_ROWS) expect(filed('PLAN').has(p.plan_code)).toBe(true);
    for (const s of STATE_ROWS) expect(filed('PLAN').has(s.default_plan_code)).toBe(true);
  });

  it('keeps coverage item codes unique across nesting, and wellness benefit counts', () => {
    const codes = COVERAGE_ITEMS.flatMap((i) => [i.code, ...(i.items ?? []).map((n) => n.code)]);
    expect(new Set(codes).size).toBe(codes.length);
    expect(WELLNESS_PLANS.map((w) => w.benefits.length)).toEqual([3, 5, 7]);
  });

  it('has integer values for the configs rating reads', () => {
    const configs = new Map(CONFIG_ROWS.map((c) => [c.code, c.value]));
    for (const code of [
      'MAX_PETS_PER_QUOTE',
      'MULTI_PET_DISCOUNT_BP',
      'MAX_ALLOWED_DISCOUNT_BP',
      'MAX_AGE_YEARS',
    ]) {
      expect(Number.isInteger(Number(configs.get(code)))).toBe(true);
    }
  });

  it('rates every age from 0 to the configured enrolment limit, in contiguous bands', () => {
    const maxAge = Number(CONFIG_ROWS.find((c) => c.code === 'MAX_AGE_YEARS')?.value);
    for (const species of ['DOG', 'CAT']) {
      const bands = AGE_BAND_ROWS.filter((b) => b.species === species).sort((a, b) => a.min_age - b.min_age);
      expect(bands[0]?.min_age).toBe(0);
      expect(bands.at(-1)?.max_age).toBe(maxAge);
      bands.slice(1).forEach((b, i) => expect(b.min_age).toBe(bands[i]!.max_age + 1));
    }
  });
});
