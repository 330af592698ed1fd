import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

// Each feature folder (src/features/<name>) is a room of its own: it may not import another feature.
// The folders are read here, so a new feature is covered without an edit (docs/conventions.md).
const featureRooms = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({
    target: `./src/features/${entry.name}`,
    from: './src/features',
    except: [`./${entry.name}`],
    message: 'Features stay in their rooms: move what both need to src/ui, src/api or src/calendar.',
  }));

// The money's path (docs/decisions/017-the-money-path.md): the folders it crosses know nothing of one another
// nor of the path above them; the path (policyMoney) tells the story across them. Below them all: the shared
// money rules (moneyRules), which import none of them, and the annotations both lines share (matters), which
// know neither line.
const domain = (name) => `./src/server/domain/${name}`;
const PATH_ROOMS = ['billing', 'policies', 'rentersPolicies', 'rentersPayments', 'matters', 'commission'];
const SHARED_BELOW = { policies: ['matters'], rentersPolicies: ['matters'] };
const moneyPathRooms = [
  ...PATH_ROOMS.map((room) => ({
    target: domain(room),
    from: [...PATH_ROOMS, 'policyMoney']
      .filter((other) => other !== room && !(SHARED_BELOW[room] ?? []).includes(other))
      .map(domain),
    message: `${room} knows nothing of the folders beside it on the money's path: the story across them is policyMoney's (docs/decisions/017-the-money-path.md).`,
  })),
  { target: domain('moneyRules'), from: [...PATH_ROOMS, 'policyMoney'].map(domain) },
];

// Module boundaries of DESIGN.md: features → api, machines, ui; server → machines, api; machines → nothing of ours.
const zones = [
  { target: './src/machines', from: ['./src/api', './src/features', './src/ui', './src/server'] },
  // The business calendar is shared by the portal and the server and imports nothing of ours.
  {
    target: './src/calendar',
    from: ['./src/api', './src/features', './src/ui', './src/server', './src/machines'],
  },
  { target: './src/api', from: ['./src/features', './src/ui', './src/server'] },
  { target: './src/ui', from: ['./src/features', './src/server'] },
  { target: './src/features', from: ['./src/server'] },
  ...featureRooms,
  { target: './src/server', from: ['./src/features', './src/ui'] },
  // The domain knows nothing of HTTP: it raises its own errors, which the HTTP layer maps to statuses.
  { target: './src/server/domain', from: ['./src/server/http'] },
  // The store knows no domain: the server hands it the projections, and migrations keep frozen copies.
  { target: './src/server/store', from: ['./src/server/domain'] },
  ...moneyPathRooms,
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'coverage',
      'test-results',
      'scratch',
      'reports',
      '.stryker-tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    // Only our own modules are parsed for cycles; packages are never part of one.
    settings: {
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  // Business code reads the business clock it is handed, never the wall clock or the database's
  // (docs/conventions.md "One business clock").
  {
    files: ['src/server/domain/**/*.ts', 'src/server/jobs/**/*.ts', 'src/server/http/routes/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Read the business clock (clock.now()), not the wall clock.',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Read the business clock (clock.now()), not the wall clock.',
        },
        {
          selector: 'TemplateElement[value.raw=/\\bnow\\(\\)/i]',
          message: "Pass the business clock's instant to SQL; now() is the database's clock.",
        },
      ],
    },
  },
);
