import { agentOnly, allOf, anyOf, authenticated, dashboardAccess, type AccessCheck } from './access';

// The portal's route table (SPEC §2) with the check each route's guard applies (SPEC §6).
// Path parameters use react-router syntax; `params` lists which must be integers or UUIDs (SPEC §5).
export type ParamKind = 'integer' | 'uuid';

export interface PortalRoute {
  id: string;
  path: string;
  title: string;
  area: string;
  check: AccessCheck;
  params?: Record<string, ParamKind>;
}

const quoteNew = anyOf('quote_new');
// Working a quote that exists (every journey step after the start): quote_edit as well as quote_new.
const quoteWork = anyOf('quote_new', 'quote_edit');
const adminEntities = anyOf('admin_ent_list');
const adminRoles = anyOf('admin', 'admin_role_list');
const adminUsers = anyOf('admin_user_list');
const commissionReview = anyOf('ent_comm_review', 'admin_ent');
const reports = anyOf('admin', 'report');
const statementReport = allOf(anyOf('ent_comm_list'), reports);
const entitySettings = agentOnly(anyOf('entity_settings_view'));
const entitySearch = agentOnly(anyOf('entity_search'));

export const PORTAL_ROUTES: readonly PortalRoute[] = [
  { id: 'home', path: '/', title: 'Home', area: 'Home', check: authenticated },
  { id: 'dashboard', path: '/dashboard', title: 'Dashboard', area: 'Dashboard', check: dashboardAccess },
  {
    id: 'quote-journey-start',
    path: '/quotes/journey',
    title: 'New Quote',
    area: 'Quote journey',
    check: quoteNew,
  },
  {
    id: 'quote-journey-rating',
    path: '/quotes/journey/rating-info/:uuid?',
    title: 'Rating information',
    area: 'Quote journey',
    check: quoteWork,
    params: { uuid: 'uuid' },
  },
  {
    id: 'quote-journey-uw',
    path: '/quotes/journey/underwriting-questions/:uuid',
    title: 'Underwriting questions',
    area: 'Quote journey',
    check: quoteWork,
    params: { uuid: 'uuid' },
  },
  {
    id: 'quote-journey-coverage',
    path: '/quotes/journey/coverage/:uuid',
    title: 'Coverage',
    area: 'Quote journey',
    check: quoteWork,
    params: { uuid: 'uuid' },
  },
  {
    id: 'quote-journey-checkout',
    path: '/quotes/journey/checkout/:uuid',
    title: 'Checkout',
    area: 'Quote journey',
    check: quoteWork,
    params: { uuid: 'uuid' },
  },
  {
    id: 'quote-journey-thanks',
    path: '/quotes/journey/thank-you/:uuid',
    title: 'Thank you',
    area: 'Quote journey',
    check: quoteWork,
    params: { uuid: 'uuid' },
  },
  { id: 'quotes', path: '/quotes', title: 'Quotes', area: 'Quotes', check: anyOf('quote_search') },
  { id: 'policies', path: '/policies', title: 'Policies', area: 'Policies', check: anyOf('quote_policy') },
  {
    id: 'policy',
    path: '/policies/:matterId',
    title: 'Policy',
    area: 'Policies',
    check: anyOf('quote_policy'),
    params: { matterId: 'integer' },
  },
  { id: 'admin-entities', path: '/admin/entities', title: 'Entities', area: 'Admin', check: adminEntities },
  {
    id: 'admin-entity-add',
    path: '/admin/entities/add',
    title: 'Add entity',
    area: 'Admin',
    check: anyOf('admin_ent_add'),
  },
  {
    id: 'admin-entity',
    path: '/admin/entities/:id',
    title: 'Entity',
    area: 'Admin',
    check: adminEntities,
    params: { id: 'integer' },
  },
  { id: 'admin-roles', path: '/admin/roles', title: 'Roles', area: 'Admin', check: adminRoles },
  {
    id: 'admin-role-add',
    path: '/admin/roles/add',
    title: 'Add role',
    area: 'Admin',
    check: anyOf('admin', 'admin_role_add'),
  },
  {
    id: 'admin-role',
    path: '/admin/roles/:id',
    title: 'Role',
    area: 'Admin',
    check: adminRoles,
    params: { id: 'integer' },
  },
  { id: 'admin-users', path: '/admin/users', title: 'Users', area: 'Admin', check: adminUsers },
  {
    id: 'admin-user-add',
    path: '/admin/users/add',
    title: 'Add user',
    area: 'Admin',
    check: anyOf('admin_user_add'),
  },
  {
    id: 'admin-user',
    path: '/admin/users/:id',
    title: 'User',
    area: 'Admin',
    check: adminUsers,
    params: { id: 'integer' },
  },
  {
    id: 'commission-review',
    path: '/admin/commission-review/statements',
    title: 'Commission Review',
    area: 'Admin',
    check: commissionReview,
  },
  // Not in SPEC: the statecharts the portal and server run, drawn for root administrators (QA).
  {
    id: 'admin-statecharts',
    path: '/admin/statecharts',
    title: 'Transition Explorer',
    area: 'Admin',
    check: anyOf('root_admin'),
  },
  // Not in SPEC: the daily work each business day runs, its failures retried, a sandbox's clock moved
  // (docs/jobs.md); root administrators only.
  { id: 'admin-jobs', path: '/admin/jobs', title: 'Jobs', area: 'Admin', check: anyOf('root_admin') },
  // Not in SPEC: recorded portal sessions replayed for support (docs/session-recording.md); the server further
  // keeps them to users of the root entity.
  {
    id: 'admin-session-recordings',
    path: '/admin/session-recordings',
    title: 'Session recordings',
    area: 'Admin',
    check: anyOf('session_recording_view'),
  },
  {
    id: 'admin-session-recording',
    path: '/admin/session-recordings/:recordingId',
    title: 'Session recording',
    area: 'Admin',
    check: anyOf('session_recording_view'),
    params: { recordingId: 'uuid' },
  },
  { id: 'reporting', path: '/reporting', title: 'Reports', area: 'Reporting', check: reports },
  {
    id: 'report-statements',
    path: '/reporting/commission-statements',
    title: 'Commission Statements',
    area: 'Reporting',
    check: statementReport,
  },
  {
    id: 'report-nwp',
    path: '/reporting/nwp',
    title: 'Net Written Premium',
    area: 'Reporting',
    check: anyOf('report_nwp', 'report'),
  },
  {
    id: 'renters-quote-start',
    path: '/renters/quotes/journey-start',
    title: 'New Renters Quote',
    area: 'Renters',
    check: anyOf('renters_qt_create'),
  },
  {
    id: 'renters-quote',
    path: '/renters/quotes/journey/:id?',
    title: 'Renters quote',
    area: 'Renters',
    check: anyOf('renters_qt_create'),
    params: { id: 'uuid' },
  },
  {
    id: 'renters-policies',
    path: '/renters/policies',
    title: 'Renter Policies',
    area: 'Renters',
    check: anyOf('renters_policy_srch'),
  },
  {
    id: 'renters-policy',
    path: '/renters/customers/:customerId/policies/:matterId',
    title: 'Renters policy',
    area: 'Renters',
    check: anyOf('renters_policy_ax'),
    params: { customerId: 'integer', matterId: 'integer' },
  },
  // Own settings (profile, password) are every signed-in user's; the menu shows the item only where SPEC §2
  // puts it (Entity Management), others reach it from their name in the header.
  { id: 'my-settings', path: '/my/settings', title: 'My settings', area: 'Agent', check: authenticated },
  {
    id: 'my-entities',
    path: '/my/entities',
    title: 'Entities',
    area: 'Entity Management',
    check: entitySearch,
  },
  {
    id: 'my-entity',
    path: '/my/entities/:id',
    title: 'Entity settings',
    area: 'Entity Management',
    // The menu's Entity Settings opens the acting agency here with entity_settings_view alone; the server
    // then shows that one entity (docs/security.md "Entity settings").
    check: agentOnly(anyOf('entity_search', 'entity_settings_view')),
    params: { id: 'integer' },
  },
  {
    id: 'commission-payments',
    path: '/accounting/commission-payments',
    title: 'Commission Payments',
    area: 'Accounting',
    check: anyOf('acct_comm_pmnt_list'),
  },
  {
    id: 'bank-verification',
    path: '/accounting/bank-verification',
    title: 'Bank Account Verification',
    area: 'Accounting',
    check: anyOf('verify_bank_account'),
  },
  // Not in SPEC: refunds the payment service refused, asked for again (docs/payments.md "Refund statuses");
  // open to whoever may retry one, as its API is, and listed in the menu where staff work on money.
  {
    id: 'failed-refunds',
    path: '/accounting/failed-refunds',
    title: 'Failed Refunds',
    area: 'Accounting',
    check: anyOf('quote_policy', 'renters_update_pmnt'),
  },
];

export const GUEST_PATHS = ['/login', '/logout', '/forgot-password', '/reset-password'] as const;

export interface MenuGroup {
  label: string;
  // `check` narrows who sees an item beyond what its route allows.
  items: readonly { label: string; routeId: string; check?: AccessCheck }[];
}

// The side menu of SPEC §2, in its order; each item shows only when its route's check passes.
export const MENU: readonly MenuGroup[] = [
  {
    label: 'Quote & Bind',
    items: [
      { label: 'New Quote', routeId: 'quote-journey-start' },
      { label: 'Quotes', routeId: 'quotes' },
      { label: 'Policies', routeId: 'policies' },
    ],
  },
  {
    label: 'Admin',
    items: [
      { label: 'Entities', routeId: 'admin-entities' },
      { label: 'Roles', routeId: 'admin-roles' },
      { label: 'Users', routeId: 'admin-users' },
      { label: 'Commission Review', routeId: 'commission-review' },
      { label: 'Transition Explorer', routeId: 'admin-statecharts' },
      { label: 'Jobs', routeId: 'admin-jobs' },
      { label: 'Session recordings', routeId: 'admin-session-recordings' },
    ],
  },
  {
    label: 'Reporting',
    items: [
      { label: 'Reports', routeId: 'reporting' },
      { label: 'Commission Statements', routeId: 'report-statements' },
    ],
  },
  {
    label: 'Renters Insurance',
    items: [
      { label: 'New Quote', routeId: 'renters-quote-start' },
      { label: 'Renter Policies', routeId: 'renters-policies' },
    ],
  },
  {
    label: 'Entity Management',
    items: [
      // SPEC §2: the settings of the agency acted for (its id fills the route's :id).
      { label: 'Entity Settings', routeId: 'my-entity', check: entitySettings },
      { label: 'Entities', routeId: 'my-entities' },
    ],
  },
  {
    label: 'Accounting',
    items: [
      { label: 'Commission Payments', routeId: 'commission-payments' },
      { label: 'Bank Account Verification', routeId: 'bank-verification' },
      // The SPEC §2 menus of agents and other staff stay as they are: the item is the root administrators'.
      { label: 'Failed Refunds', routeId: 'failed-refunds', check: anyOf('root_admin') },
    ],
  },
];

export function portalRoute(id: string): PortalRoute {
  const route = PORTAL_ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`Unknown portal route ${id}`);
  return route;
}
