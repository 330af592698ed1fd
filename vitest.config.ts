import { defineConfig } from 'vitest/config';

// One project per test level (STYLE.md); `npm test` runs them all in order.
export default defineConfig({
  test: {
    projects: [
      // A few unit and model files open an in-memory database; migrating it takes seconds on a busy machine.
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'model',
          include: ['tests/model/**/*.test.ts'],
          environment: 'node',
          // Some model tests drive the API of a test server along each path.
          globalSetup: ['tests/support/templatesSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          globalSetup: ['tests/support/templatesSetup.ts'],
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          globalSetup: ['tests/support/templatesSetup.ts'],
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
