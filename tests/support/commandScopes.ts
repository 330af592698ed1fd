// Every route that names no record in its path, with how its scope is kept and the tests that prove it
// (docs/security.md "Commands without a record id"). tests/api/scopeOfCommands.test.ts checks this table
// against the server's route table, so a new route of the kind cannot go unclassified.

export interface CommandScope {
  // Whose rows the route reads or changes, and where in the server that is enforced.
  scope: string;
  // The tests that prove it against another agency.
  tests: string;
}

const REFERENCE: CommandScope = {
  scope: 'Reference data, the same for every caller: no agency’s rows.',
  tests: 'accessMatrix.test.ts',
};
const OPEN: CommandScope = { scope: 'Open; holds no agency’s data.', tests: 'accessMatrix.test.ts' };
const OWN_USER: CommandScope = {
  scope: 'The caller’s own user (principal.userId).',
  tests: 'mySettings.test.ts, auth.test.ts',
};
const STATEMENT_SEARCH: CommandScope = {
  scope:
    'statementQuery (domain/commission/statementSearch.ts) joins the entities and keeps the caller’s subtree (entityScope; staff: all), whatever the filter names.',
  tests: 'scopeOfCommands.test.ts, tenantIsolationSearch.test.ts, searchWildcards.test.ts',
};
const BULK: CommandScope = {
  scope:
    'bulkByIds / bulkByFilter (domain/commission/bulkStatementCommands.ts) pick their targets through statementQuery with the caller’s scope; ids outside it are answered “No such statement.” and never loaded.',
  tests:
    'scopeOfCommands.test.ts (mixed id lists, filters naming the other agency, header), tenantIsolationAgencies.test.ts, tenantIsolationSearch.test.ts',
};
const STATEMENT_REPORT: CommandScope = {
  scope:
    'statementReport.ts reads through statementQuery with the caller’s scope; the report’s entity filter is one more condition inside it.',
  tests: 'scopeOfCommands.test.ts, tenantIsolationSearch.test.ts',
};
const NWP: CommandScope = {
  scope:
    'resolveNwpRun (domain/reports/nwpReport.ts): an entity code outside the subtree is a 422, and the run is limited to the subtree’s path.',
  tests: 'scopeOfCommands.test.ts, tenantIsolationSearch.test.ts',
};
const QUERY_RECORD: CommandScope = {
  scope:
    'Names its record in the query or the body (policy number, setup intent), looked up within the caller’s scope (404 outside).',
  tests: 'tenantIsolationPolicies.test.ts',
};
const POLICY_SEARCH: CommandScope = {
  scope: 'policySearch / rentersPolicySearch with entityScope (domain/policies, domain/rentersPolicies).',
  tests: 'tenantIsolationSearch.test.ts, searchWildcards.test.ts',
};
const QUOTE_SEARCH: CommandScope = {
  scope: 'quoteSearch / quoteExport with entityScope (domain/quotes).',
  tests: 'tenantIsolationSearch.test.ts, searchWildcards.test.ts',
};
const ENTITY_LIST: CommandScope = {
  scope: 'entityListRoutes.ts keeps the caller’s subtree (entityScope).',
  tests: 'tenantIsolationSearch.test.ts, searchWildcards.test.ts',
};
const ROLES: CommandScope = {
  scope: 'Roles are shared objects: their ownership rule is in “Objects shared between agencies”.',
  tests: 'roles.test.ts, sharedRoles.test.ts',
};

export const COMMAND_SCOPES: Readonly<Record<string, CommandScope>> = {
  'GET /healthz': OPEN,
  'GET /readyz': OPEN,
  'GET /metrics': {
    scope:
      'The whole server’s figures, no agency’s rows: open in a sandbox, in production only to the bearer of METRICS_TOKEN.',
    tests: 'operations.test.ts',
  },
  'GET /api/openapi.json': OPEN,
  'GET /api/docs': OPEN,
  'GET /api/docs/docs.css': OPEN,
  'GET /v1/public/entity-brands': OPEN,
  'POST /v2/auth': { scope: 'The account the e-mail names.', tests: 'auth.test.ts' },
  'POST /v1/password-forgot': { scope: 'The account the e-mail names.', tests: 'passwordReset.test.ts' },
  'POST /v1/password-reset': { scope: 'The account the token names.', tests: 'passwordReset.test.ts' },

  'GET /v2/calendar': {
    scope: 'The business zone and day from the server’s clock: no agency’s rows.',
    tests: 'calendar.test.ts',
  },
  'GET /v2/my/profile': OWN_USER,
  'PATCH /v2/my/profile': OWN_USER,
  'POST /v2/my/password': OWN_USER,
  'GET /v2/my/entities': {
    scope: 'sessionRoutes.ts: the caller’s subtree (staff: all).',
    tests: 'tenantIsolationSearch.test.ts',
  },
  'GET /v2/my/table-views': {
    scope: 'The caller’s own views, and views shared inside the owner’s agency (shared objects).',
    tests: 'tableViews.test.ts',
  },
  'POST /v2/my/table-views': { scope: 'Stored as the caller’s own view.', tests: 'tableViews.test.ts' },

  'GET /v2/jobs': {
    scope: 'Daily work of the whole business, no agency’s rows; root administrators only.',
    tests: 'jobsApi.test.ts',
  },
  'GET /v2/jobs/overview': {
    scope:
      'The business date, the runner and the outbox’s count, no agency’s rows; root administrators only.',
    tests: 'jobsApi.test.ts',
  },
  'GET /v2/jobs/reconciliation': {
    scope:
      'The last reconciliation of the whole business’s money (every agency’s policies); root administrators only, as the jobs screen.',
    tests: 'reconciliation.test.ts',
  },
  'POST /v2/jobs/clock': {
    scope: 'Moves the business clock of a sandbox (never production); root administrators only.',
    tests: 'jobsApi.test.ts',
  },
  'POST /v2/session-recordings': {
    scope: 'Starts a recording of the caller’s own session (principal.userId, the entity acted for).',
    tests: 'sessionRecordings.test.ts',
  },
  'GET /v2/session-recordings': {
    scope:
      'Every agency’s recordings, so session_recording_view and a user of the root entity only; 403 to any other holder.',
    tests: 'sessionRecordings.test.ts, crossAgencyMatrix.test.ts',
  },
  'GET /v2/refunds/failed': {
    scope:
      'failedRefunds (domain/billing/refunds/refundHistory.ts) keeps the policies of the caller’s entity scope (staff: all); refundRoutes.ts keeps the lines whose payments the caller may take.',
    tests: 'refundRetryRoutes.test.ts, crossAgencyMatrix.test.ts',
  },

  'GET /v2/lists/states': REFERENCE,
  'GET /v2/lists/pet-types': REFERENCE,
  'GET /v2/lists/commission/business-types': REFERENCE,
  'GET /v2/lists/commission/calculation-types': REFERENCE,
  'GET /v2/lists/commission/override-types': REFERENCE,
  'GET /v2/lists/entity/statuses': REFERENCE,
  'GET /v2/lists/entity/tracking-code-types': REFERENCE,
  'GET /v2/lists/entity/location-types': REFERENCE,
  'GET /v2/lists/entity/types': REFERENCE,
  'GET /v2/lists/payout-frequencies': REFERENCE,
  'GET /v2/lists/payout-methods': REFERENCE,
  'GET /v2/lists/event-types': REFERENCE,
  'GET /v2/lists/account-types': REFERENCE,
  'GET /v2/lists/access/privileges': REFERENCE,
  'GET /v2/configs': REFERENCE,
  'GET /v2/underwriting-questions': REFERENCE,
  // The form's fields; internal ones only for holders of the internal settings.
  'GET /v2/attribute-forms': REFERENCE,
  'GET /v2/renters/coverage-options': REFERENCE,
  'GET /v2/renters/cancellation-reasons': REFERENCE,

  'GET /v2/lists/entities': ENTITY_LIST,
  'GET /v2/lists/entity/codes': ENTITY_LIST,
  'GET /v2/lists/entity/names': ENTITY_LIST,
  'GET /v2/lists/entity/account-managers': {
    scope: 'House staff who manage accounts; what an agency is shown of them is in “Objects shared”.',
    tests: 'accessMatrix.test.ts',
  },
  'GET /v2/lists/roles': ROLES,
  'GET /v2/roles': ROLES,
  'POST /v2/roles': ROLES,

  'GET /v2/users': {
    scope: 'userSearch (domain/users/userQueries.ts) with entityScope.',
    tests: 'tenantIsolationSearch.test.ts, searchWildcards.test.ts',
  },
  'POST /v2/users': {
    scope: 'The entity in the body must be in the caller’s subtree (userChecks.ts, entityInScope).',
    tests: 'tenantIsolationCrossIds.test.ts',
  },
  'GET /v2/entities': {
    scope: 'searchEntities (domain/entities/entityQueries.ts) with entityScope.',
    tests: 'tenantIsolationSearch.test.ts, searchWildcards.test.ts',
  },
  'POST /v2/entities': {
    scope: 'The parent in the body must be in the caller’s subtree (findEntityInScope).',
    tests: 'tenantIsolationCrossIds.test.ts',
  },

  'GET /v2/commission-statements': STATEMENT_SEARCH,
  'GET /v2/lists/commission/statement-months': STATEMENT_SEARCH,
  'POST /v2/commission-statements/approve': BULK,
  'POST /v2/commission-statements/unapprove': BULK,
  'POST /v2/commission-statements/mark-paid': BULK,
  'POST /v2/commission-statements/mark-unpaid': BULK,
  'POST /v2/commission-payment-reports': {
    scope:
      'commissionStatementRoutes.ts counts and paymentReportCsv (domain/commission/statementFiles.ts) reads through statementQuery with the caller’s scope; ids outside it are left out.',
    tests: 'scopeOfCommands.test.ts, tenantIsolationAgencies.test.ts, tenantIsolationSearch.test.ts',
  },
  'POST /v2/commission-statements/generate': {
    scope:
      'generateStatements (domain/commission/generateStatements.ts) takes the caller’s entityScope: only the subtree’s events (commissionableEventsOfMonth) and statements are read, created or recalculated; staff and the command line generate for the house.',
    tests: 'scopeOfCommands.test.ts',
  },

  'GET /v2/reports': {
    scope: 'The registry of reports, filtered by the caller’s privileges: no agency’s rows.',
    tests: 'reports.test.ts',
  },
  'GET /v2/reports/commission-statements': STATEMENT_REPORT,
  'GET /v2/commission-statement-reports': STATEMENT_REPORT,
  'GET /v2/reports/nwp': NWP,
  'GET /v2/reports/nwp/export': NWP,
  'GET /v2/dashboard/statistics': {
    scope: 'dashboardStatistics (domain/reports/dashboardStatistics.ts) with entityScope.',
    tests: 'tenantIsolationSearch.test.ts, scopeOfCommands.test.ts (commission figures, header)',
  },

  'POST /v2/bank-accounts': {
    scope:
      'The entity in the body must be in the caller’s subtree (bankAccountRoutes.ts, findEntityInScope).',
    tests: 'tenantIsolationAgencies.test.ts',
  },
  'GET /v2/bank-accounts': {
    scope: 'searchBankAccounts (domain/bankAccounts/bankAccountSearch.ts) with entityScope.',
    tests: 'tenantIsolationSearch.test.ts, searchWildcards.test.ts',
  },

  'POST /v1/quote/action': {
    scope:
      'The quote by uuid within the scope; the agency quoted for (header or meta.agent.entityCode) within the subtree.',
    tests: 'tenantIsolationCrossIds.test.ts, tenantIsolationPolicies.test.ts',
  },
  'POST /v1/quotes': {
    scope:
      'A new quote for the acting agency (within the subtree); a customer, quote source or agent named in the body must be in scope (specQuoteRequests.ts).',
    tests: 'crossAgencyMatrix.test.ts, specConformance/petQuotePurchase.test.ts',
  },
  'POST /v2/quote': {
    scope: 'The quote by uuid within the scope (requireWritableQuote), else as POST /v1/quotes.',
    tests: 'crossAgencyMatrix.test.ts, specConformance/petQuotePurchase.test.ts',
  },
  'POST /v2/policies': {
    scope:
      'The quote by quoteId within the scope; the customer and agent named must be the quote’s agency’s (specPurchase.ts).',
    tests: 'crossAgencyMatrix.test.ts, specConformance/petQuotePurchase.test.ts',
  },
  'GET /v1/one-inc-session': {
    scope: 'A payment session of the caller’s own.',
    tests: 'tenantIsolationPolicies.test.ts',
  },
  'GET /v2/quotes': QUOTE_SEARCH,
  'GET /v2/quotes/match': QUOTE_SEARCH,
  'GET /v2/quotes/export': QUOTE_SEARCH,
  'GET /v2/downloadReceipt': QUERY_RECORD,
  'GET /v2/policies/events': QUERY_RECORD,
  'GET /v2/policies/documents': QUERY_RECORD,
  'GET /v2/policies/payments': QUERY_RECORD,
  'GET /v2/policies/rates': QUERY_RECORD,
  'GET /v2/renters/downloadReceipt': QUERY_RECORD,
  'GET /v2/renters/payment-methods/lookup': QUERY_RECORD,
  'POST /v2/renters/tokenize': QUERY_RECORD,
  'GET /v2/renters/credentials': {
    scope:
      'The payment service’s public credentials (processor, mode, publishable key, tokenize address): no agency’s rows.',
    tests: 'accessMatrix.test.ts, crossAgencyMatrix.test.ts, specConformance/rentersCustomer.test.ts',
  },
  'GET /v2/policies': POLICY_SEARCH,
  'GET /v2/policies/export': POLICY_SEARCH,
  'GET /v2/matters': POLICY_SEARCH,
  'GET /v2/matters/export': POLICY_SEARCH,
  'GET /v2/renters/policies': POLICY_SEARCH,
  'GET /v2/renters/policies/export': POLICY_SEARCH,
  'POST /v2/renters/quotes': {
    scope:
      'Created for the acting entity (header within the subtree); a rewritten policy is looked up within the scope.',
    tests: 'tenantIsolationCrossIds.test.ts, tenantIsolationSearch.test.ts (header)',
  },
};
