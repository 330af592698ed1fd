import { defineConfig } from 'vitest/config';

// API test files that replace a module (vi.mock) or a global for their own run.
const API_ISOLATED = [
  'tests/api/demoYear.test.ts',
  'tests/api/demoSecondYear.test.ts',
  'tests/api/fuzzRequests.test.ts',
  'tests/api/fuzzTransport.test.ts',
];

// A run started at another hour (TEST_WALL_CLOCK, scripts/test-hours.ts); nothing moves without it.
const WALL_CLOCK = 'tests/support/wallClock.ts';

// One project per test level (STYLE.md); `npm test` runs them all in order. Projects with different worker
// counts run in groups of their own when one vitest run takes several (sequence.groupOrder).
export default defineConfig({
  test: {
    projects: [
      // A few unit and model files open an in-memory database; migrating it takes seconds on a busy machine.
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          setupFiles: [WALL_CLOCK],
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'model',
          sequence: { groupOrder: 1 },
          setupFiles: [WALL_CLOCK],
          include: ['tests/model/**/*.test.ts'],
          environment: 'node',
          // Pure machine files and files that drive a server along the paths, side by side in one module graph
          // per worker; each machine's API part writes a coverage file of its own (coverageFile.ts).
          maxWorkers: 2,
          isolate: false,
          // Some model tests drive the API of a test server along each path.
          globalSetup: ['tests/support/templatesSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The API files share one module graph per worker (isolate: false): each test file starts servers of
      // its own, and importing the server afresh for each of some 120 files cost over a second a file. The
      // files that mock a module or spy on a global need a graph of their own, so they run apart.
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 2 },
          setupFiles: [WALL_CLOCK],
          globalSetup: ['tests/support/templatesSetup.ts'],
          include: ['tests/api/**/*.test.ts'],
          exclude: API_ISOLATED,
          isolate: false,
          maxWorkers: 2,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-isolated',
          sequence: { groupOrder: 2 },
          setupFiles: [WALL_CLOCK],
          globalSetup: ['tests/support/templatesSetup.ts'],
          include: API_ISOLATED,
          maxWorkers: 2,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 3 },
          globalSetup: ['tests/support/templatesSetup.ts'],
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser test waits on the browser about half of its time, so two files run side by side, each
          // with its own server and browser; they share one module graph per worker, as the API files do.
          maxWorkers: 2,
          isolate: false,
        },
      },
    ],
  },
});
