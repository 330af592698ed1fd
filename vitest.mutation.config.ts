import { defineConfig } from 'vitest/config';

// The tests Stryker runs against each mutant (docs/mutation-testing.md): only the pure unit and model tests of
// the mutated modules, no database, server or browser, so a run fits on two busy cores.
// MUTATION_TESTS (comma-separated globs) narrows the run while working on one module group.
const narrowed = process.env.MUTATION_TESTS?.split(',').filter(Boolean);

export default defineConfig({
  test: {
    environment: 'node',
    setupFiles: ['vitest.mutation.setup.ts'],
    include: narrowed ?? [
      'tests/unit/policyCancellation*.test.ts',
      'tests/unit/petCancellation*.test.ts',
      'tests/unit/rating*.test.ts',
      'tests/unit/renters*.test.ts',
      'tests/unit/commission*.test.ts',
      'tests/unit/statement*.test.ts',
      'tests/unit/billing*.test.ts',
      'tests/unit/netWrittenPremium.test.ts',
      'tests/unit/petQuoteJourney.test.ts',
      'tests/unit/modelReport.test.ts',
      'tests/model/*.test.ts',
    ],
    // The model tests that drive the machines through the API start a server and a database each: too slow
    // to repeat per mutant. The pure model tests over the same machines stay.
    exclude: ['tests/model/*Api.test.ts', 'tests/unit/rentersPaymentRows.test.ts'],
  },
});
