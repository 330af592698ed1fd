import { DEMO_ENTITIES, DEMO_ROLES, DEMO_USERS, type DemoUser } from '../../src/server/seed/demoData';
import {
  ADMIN,
  AGENT,
  INTERNAL,
  LAKESIDE,
  LAKESIDE_MANAGER,
  MANAGER,
  NORTHWIND,
  NORTHWIND_AUSTIN,
  PERSONA_EMAILS,
  REPORTS,
} from './personas';

// Who may call each API route, written from SPEC §6 (and §2/§7 where §6 points) in SPEC's own privilege
// names, evaluated here against what each demo persona holds. Deliberately independent of the server's
// route table and of src/api/access.ts: the access matrix test compares the server with this file.

export type SpecRule =
  | { kind: 'public' }
  // Any signed-in user: own session and settings, and reference lists §6 puts under no privilege.
  | { kind: 'signedIn' }
  // §6 "a check needs one privilege or any one of a set"; root_admin passes every check.
  | { kind: 'any'; codes: readonly string[] }
  | { kind: 'all'; rules: readonly SpecRule[] }
  // §6 "Dashboard: root admin; otherwise dashboard_report plus agent dashboard access (entity attribute 28
  // equal to '1')", the attribute read from the entity acted for (§3 "The acting entity also has attributes").
  | { kind: 'dashboard' };

const open: SpecRule = { kind: 'public' };
const signedIn: SpecRule = { kind: 'signedIn' };
const any = (...codes: string[]): SpecRule => ({ kind: 'any', codes });
const all = (...rules: SpecRule[]): SpecRule => ({ kind: 'all', rules });
const dashboard: SpecRule = { kind: 'dashboard' };

// §6 rows whose parent code grants the whole area ("admin_ent (all)"): the parent is written into the rule,
// so rules are evaluated against the codes a role holds, without the server's privilege tree.
const entitiesAdmin = (part: 'list' | 'add' | 'edit' | 'delete') => any('admin_ent', `admin_ent_${part}`);
const rolesAdmin = (part: 'list' | 'add' | 'edit' | 'delete') =>
  any('admin', 'admin_role', `admin_role_${part}`);
const usersAdmin = (part: 'list' | 'add' | 'edit' | 'delete') => any('admin_user', `admin_user_${part}`);
const quotes = (...parts: ('new' | 'search' | 'edit')[]) => any('quote', ...parts.map((p) => `quote_${p}`));

// §6 "Agent entities": agency users reach their own entities (entity_search) and settings
// (entity_settings_view / _edit); entity administrators reach every entity.
const entityView = any('admin_ent', 'admin_ent_list', 'entity_search');
const settingsView = any('admin_ent', 'admin_ent_list', 'entity_settings_view');
const settingsEdit = any('admin_ent', 'admin_ent_edit', 'entity_settings_edit');

// §6 "Commissions": ent_comm_review (review, also with entity admin); ent_comm_unapprove; ent_comm_download;
// acct_comm_pmnt_list (payments screen). Reading statements belongs to every one of those screens.
// Ambiguous: "also with entity admin" is read as the whole entity administration (admin_ent), not any one of
// its parts, as the server reads it; no demo user tells the readings apart (only root holds admin_ent).
const statementReview = any('ent_comm_review', 'admin_ent');
const statementRead = any(
  'ent_comm_review',
  'admin_ent',
  'ent_comm_unapprove',
  'ent_comm_download',
  'acct_comm_pmnt_list',
);
const statementPayment = any('acct_comm_pmnt_list');
// §6 "ent_comm_list (report, also needs admin or report)".
const statementReport = all(any('ent_comm_list'), any('admin', 'report'));

const petPolicies = any('quote_policy');
// §6 "Renters": renters_policy_ax (edit) opens the policy edit screen; each edit on it needs its own
// privilege besides.
const rentersEdit = any('renters_policy_ax');
const rentersEditWith = (privilege: string) => all(rentersEdit, any(privilege));
const rentersQuote = any('renters_qt_create');
const rentersSearch = any('renters_policy_srch');
const bankVerification = any('verify_bank_account');

export const SPEC6_ACCESS: Readonly<Record<string, SpecRule>> = {
  // Not in SPEC: liveness for load balancers, open by nature.
  'GET /healthz': open,
  // Not in SPEC: readiness for load balancers, open by nature; metrics, open in a sandbox and answered in
  // production only to the bearer of METRICS_TOKEN (tests/api/operations.test.ts).
  'GET /readyz': open,
  'GET /metrics': open,
  // Not in SPEC: the API reference (docs/api-reference.md); it describes the API and holds no data.
  'GET /api/openapi.json': open,
  'GET /api/docs': open,
  'GET /api/docs/docs.css': open,
  // §2 guest routes (login, forgot and reset password) and §7 "GET /v1/public/entity-brands".
  'POST /v2/auth': open,
  'POST /v1/password-forgot': open,
  'POST /v1/password-reset': open,
  'GET /v1/public/entity-brands': open,

  // §2 "/my/settings own settings", §7 "GET /v2/my/profile. GET /v2/my/entities": every user's own session.
  'GET /v2/my/profile': signedIn,
  'PATCH /v2/my/profile': signedIn,
  'POST /v2/my/password': signedIn,
  'GET /v2/my/entities': signedIn,
  // Not in SPEC: the business calendar every signed-in screen reads its today from (docs/conventions.md).
  'GET /v2/calendar': signedIn,
  // Not in SPEC: saved table views, each user's own preferences (docs/decisions/011).
  'GET /v2/my/table-views': signedIn,
  // Not in SPEC: background work and the sandbox clock (docs/jobs.md) are the whole business's, root admin
  // only.
  'GET /v2/jobs': any(),
  'GET /v2/jobs/overview': any(),
  'POST /v2/jobs/:id/retry': any(),
  'POST /v2/jobs/clock': any(),
  // Not in SPEC: the daily reconciliation of the money (docs/reconciliation.md), seen with the jobs screen.
  'GET /v2/jobs/reconciliation': any(),
  // Not in SPEC: support recording of portal sessions (docs/session-recording.md). Every signed-in user's
  // portal sends its own session; replaying needs session_recording_view (root admin passes), and the server
  // further keeps it to users of the root entity.
  'POST /v2/session-recordings': signedIn,
  'POST /v2/session-recordings/:recordingId/events': signedIn,
  'GET /v2/session-recordings': any('session_recording_view'),
  'GET /v2/session-recordings/:recordingId/events': any('session_recording_view'),
  'POST /v2/my/table-views': signedIn,
  'PATCH /v2/my/table-views/:id': signedIn,
  'DELETE /v2/my/table-views/:id': signedIn,

  // §7 "Lists": reference data §6 puts under no privilege. Entity pickers answer only the caller's scope.
  'GET /v2/lists/states': signedIn,
  // §3 "Pet type: code, description": the species of the quote journey, reference data as the states.
  'GET /v2/lists/pet-types': signedIn,
  'GET /v2/lists/commission/business-types': signedIn,
  'GET /v2/lists/commission/calculation-types': signedIn,
  'GET /v2/lists/entity/statuses': signedIn,
  'GET /v2/lists/entity/tracking-code-types': signedIn,
  'GET /v2/lists/entity/location-types': signedIn,
  'GET /v2/lists/entity/types': signedIn,
  'GET /v2/lists/payout-frequencies': signedIn,
  'GET /v2/lists/payout-methods': signedIn,
  'GET /v2/lists/event-types': signedIn,
  'GET /v2/lists/account-types': signedIn,
  'GET /v2/lists/entities': signedIn,
  'GET /v2/lists/entity/codes': signedIn,
  'GET /v2/lists/entity/names': signedIn,
  // §7 "Other resource paths: v2/configs … v2/underwriting-questions": the quote journey's reference data.
  'GET /v2/configs': signedIn,
  'GET /v2/underwriting-questions': signedIn,
  // §7 lists these without a privilege; §6 ties them to their screens. Account managers feed the entity
  // form (admin_ent_*) and the accountManager filter of the statement screens and report (§3 "Commission
  // statement search"); privileges feed the role form; roles feed the role and user screens.
  'GET /v2/lists/entity/account-managers': any(
    'admin_ent',
    'admin_ent_list',
    'admin_ent_add',
    'admin_ent_edit',
    'acct_comm_pmnt_list',
    'ent_comm_review',
    'ent_comm_list',
  ),
  'GET /v2/lists/access/privileges': any(
    'admin',
    'admin_role',
    'admin_role_list',
    'admin_role_add',
    'admin_role_edit',
  ),
  'GET /v2/lists/roles': any(
    'admin',
    'admin_role',
    'admin_role_list',
    'admin_user',
    'admin_user_list',
    'admin_user_add',
    'admin_user_edit',
  ),

  // §6 "Roles admin | admin or admin_role (all); admin_role_list, admin_role_add, admin_role_edit,
  // admin_role_delete". A role's history is part of viewing it.
  'GET /v2/roles': rolesAdmin('list'),
  'POST /v2/roles': rolesAdmin('add'),
  'GET /v2/roles/:roleId': rolesAdmin('list'),
  'GET /v2/roles/:roleId/history': rolesAdmin('list'),
  'PATCH /v2/roles/:roleId': rolesAdmin('edit'),
  'DELETE /v2/roles/:roleId': rolesAdmin('delete'),

  // §6 "Users admin | admin_user (all); admin_user_list, admin_user_add, admin_user_edit, admin_user_delete;
  // user_assign_passwd to set passwords manually". §7 "Users … create, read, update, delete and deactivate".
  'GET /v2/users': usersAdmin('list'),
  'POST /v2/users': usersAdmin('add'),
  'GET /v2/users/:id': usersAdmin('list'),
  'GET /v2/users/:id/history': usersAdmin('list'),
  'PATCH /v2/users/:id': usersAdmin('edit'),
  'DELETE /v2/users/:id': usersAdmin('delete'),
  'POST /v2/users/:id/deactivate': usersAdmin('delete'),
  // SPEC names deactivation only; enabling again is its inverse, under the same privilege (server's reading).
  'POST /v2/users/:id/reactivate': usersAdmin('delete'),
  // SPEC: user_assign_passwd alone, not also admin_user_edit (the server reads it the same way).
  'PUT /v2/users/:id/password': any('user_assign_passwd'),
  // Mailing an invitation / reset link is an edit of the user, not setting a password by hand.
  'POST /v2/users/:id/password-reset': usersAdmin('edit'),

  // §6 "Entities admin | admin_ent (all); admin_ent_list, admin_ent_add, admin_ent_edit, admin_ent_delete"
  // and "Agent entities | entity_search, entity_settings_view, entity_settings_edit". §3: locations (with
  // their contacts) are part of the entity record.
  'GET /v2/entities': entityView,
  // §2's menu opens the acting agency's settings with entity_settings_view: its record is read with them.
  'GET /v2/entities/:entityId': any('admin_ent', 'admin_ent_list', 'entity_search', 'entity_settings_view'),
  'GET /v2/entities/:entityId/locations': entityView,
  'POST /v2/entities': entitiesAdmin('add'),
  'PATCH /v2/entities/:entityId': entitiesAdmin('edit'),
  'DELETE /v2/entities/:entityId': entitiesAdmin('delete'),
  'POST /v2/entities/:entityId/locations': entitiesAdmin('edit'),
  'PATCH /v2/entities/:entityId/locations/:locationId': entitiesAdmin('edit'),
  'DELETE /v2/entities/:entityId/locations/:locationId': entitiesAdmin('edit'),
  'POST /v2/entities/:entityId/locations/:locationId/contacts': entitiesAdmin('edit'),
  'PATCH /v2/entities/:entityId/locations/:locationId/contacts/:contactId': entitiesAdmin('edit'),
  'DELETE /v2/entities/:entityId/locations/:locationId/contacts/:contactId': entitiesAdmin('edit'),
  // Ambiguous: SPEC gives agency users search and settings only (§2 "/my/entities … own entities search and
  // settings"), so an entity's history, underwriting questions, quote sources and discount states are read
  // by entity administrators alone; the server reads it so.
  'GET /v2/entities/:entityId/history': entitiesAdmin('list'),
  'GET /v2/entities/:entityId/underwriting-questions': entitiesAdmin('list'),
  'PATCH /v2/entities/:entityId/underwriting-questions': entitiesAdmin('edit'),
  'GET /v2/entities/:entityId/quote-sources': entitiesAdmin('list'),
  'POST /v2/entities/:entityId/quote-sources': entitiesAdmin('edit'),
  'PATCH /v2/entities/:entityId/quote-sources/:quoteSourceId': entitiesAdmin('edit'),
  'GET /v2/entities/:entityId/discount-state-availabilities': entitiesAdmin('list'),
  'POST /v2/entities/:entityId/discount-state-availabilities': entitiesAdmin('edit'),
  // §3 "Attribute form (entity settings)": the settings of /admin/entities/{id} and /my/entities/{id}.
  'GET /v2/attribute-forms': settingsView,
  'GET /v2/entities/:entityId/attributes': settingsView,
  'PATCH /v2/entities/:entityId/attributes': settingsEdit,
  // §1 "Commission rate rules are kept per entity", §7 an entity sub-resource; §6 gives them no privilege of
  // their own, so they follow the entity's administration.
  'GET /v2/entities/:entityId/commission-configs': entitiesAdmin('list'),
  'POST /v2/entities/:entityId/commission-configs': entitiesAdmin('edit'),
  'PATCH /v2/entities/:entityId/commission-configs/:ruleId': entitiesAdmin('edit'),
  'POST /v2/entities/:entityId/commission-configs/:ruleId/expire': entitiesAdmin('edit'),
  'POST /v2/entities/:entityId/commission-configs/generate': entitiesAdmin('edit'),
  'POST /v2/entities/:entityId/commission-configs/batch': entitiesAdmin('edit'),
  'POST /v2/entities/:entityId/commission-configs/impact': entitiesAdmin('edit'),
  'POST /v2/entities/:entityId/commission-configs/:ruleId/impact': entitiesAdmin('edit'),

  // §6 "Commissions". Reading statements, their overrides and the statement lists (override types,
  // months) belongs to the review and payment screens and to the holders of unapprove and download.
  'GET /v2/commission-statements': statementRead,
  'GET /v2/lists/commission/override-types': statementRead,
  'GET /v2/lists/commission/statement-months': statementRead,
  'GET /v2/entities/:entityId/commission-statements': statementRead,
  'GET /v2/entities/:entityId/commission-statements/:statementId': statementRead,
  'GET /v2/entities/:entityId/commission-statements/:statementId/overrides': statementRead,
  'GET /v2/entities/:entityId/commission-statements/:statementId/overrides/:overrideId': statementRead,
  'POST /v2/commission-statements/approve': statementReview,
  'POST /v2/entities/:entityId/commission-statements/:statementId/approve': statementReview,
  'POST /v2/entities/:entityId/commission-statements/:statementId/recalculate': statementReview,
  'POST /v2/commission-statements/unapprove': any('ent_comm_unapprove'),
  'POST /v2/entities/:entityId/commission-statements/:statementId/unapprove': any('ent_comm_unapprove'),
  'POST /v2/commission-statements/mark-paid': statementPayment,
  'POST /v2/commission-statements/mark-unpaid': statementPayment,
  'POST /v2/entities/:entityId/commission-statements/:statementId/mark-paid': statementPayment,
  'POST /v2/entities/:entityId/commission-statements/:statementId/mark-unpaid': statementPayment,
  // §7 "POST commission payment reports (file)": the payments screen's report.
  'POST /v2/commission-payment-reports': statementPayment,
  'GET /v2/entities/:entityId/commission-statements/:statementId/download': any('ent_comm_download'),
  // Ambiguous: §1 "Statements … with overrides, a review step" names no privilege for overrides; they are
  // changed in review (ent_comm_review, also with entity admin), as the server reads it.
  'POST /v2/entities/:entityId/commission-statements/:statementId/overrides': statementReview,
  'PATCH /v2/entities/:entityId/commission-statements/:statementId/overrides/:overrideId': statementReview,
  'DELETE /v2/entities/:entityId/commission-statements/:statementId/overrides/:overrideId': statementReview,
  // Ambiguous: SPEC names no privilege for computing statements; the server keeps it to the holder of the
  // whole entity administration (admin_ent), i.e. the root admin among the demo users.
  'POST /v2/commission-statements/generate': any('admin_ent'),

  // §6 "Reports | admin or report (registry and statement report); report_nwp or report (net written
  // premium report)" and "ent_comm_list (report, also needs admin or report)"; §7 "GET commission
  // statement reports (file)".
  'GET /v2/reports': any('admin', 'report'),
  'GET /v2/reports/commission-statements': statementReport,
  'GET /v2/commission-statement-reports': statementReport,
  'GET /v2/reports/nwp': any('report_nwp', 'report'),
  'GET /v2/reports/nwp/export': any('report_nwp', 'report'),

  // §6 "Dashboard", §7 "GET /v2/dashboard/statistics".
  'GET /v2/dashboard/statistics': dashboard,

  // §6 "Bank verification | verify_bank_account", §7 "POST /v2/bank-accounts".
  'POST /v2/bank-accounts': bankVerification,
  'GET /v2/bank-accounts': bankVerification,
  'GET /v2/entities/:entityId/bank-accounts': bankVerification,

  // §6 "Quotes | quote_new (create), quote_set_track_info, quote (all), quote_search, quote_edit".
  // Ambiguous: "Quoting is open to admin, internal and external agents" could read as a user-type rule; it
  // is read as who may hold quote_new (the house's accounting, review and reporting staff are internal users
  // without it and, per README, see no Quote & Bind), as the server reads it. The action wrapper (§7)
  // serves the journey, and the payment session its checkout.
  // quote_edit works a quote's journey (every action but creating one, which the handler keeps to quote_new).
  'POST /v1/quote/action': quotes('new', 'edit'),
  // §7 "POST v1/quotes (create)", "POST quote with data", "POST /v2/policies (purchase)": creating is
  // quote_new; saving a quote that exists and buying it is working its journey (quote_edit too).
  'POST /v1/quotes': quotes('new'),
  'POST /v2/quote': quotes('new', 'edit'),
  'POST /v2/policies': quotes('new', 'edit'),
  'GET /v1/one-inc-session': quotes('new'),
  'POST /v1/one-inc-session/:sessionId/payment-methods': quotes('new'),
  // §7 "GET quote/{quoteUUID}": resuming a quote, from the journey or from search.
  'GET /v2/quote/:uuid': quotes('new', 'search', 'edit'),
  // §6 "quote_set_track_info", a part of "quote (all)": setting a quote's tracking information.
  'PUT /v2/quotes/:uuid/tracking': any('quote', 'quote_set_track_info'),
  'GET /v2/quotes': quotes('search'),
  'GET /v2/quotes/match': quotes('search'),
  'GET /v2/quotes/export': quotes('search'),
  // §7 "GET v2/quotes/{uuid} as file (pdf)": the PDF of search and of the journey.
  'GET /v2/quotes/:uuid': quotes('search', 'new'),
  // Ambiguous: §7 lists downloadReceipt under policies (quote_policy); the journey's thank-you page offers
  // the same receipt (quote_new). The server allows either.
  'GET /v2/downloadReceipt': any('quote', 'quote_new', 'quote_policy'),

  // §6 "Pet policies | quote_policy (search and edit)": search, matters and their claims, documents, files,
  // events, notes, payments and rates (§7 "Policies and matters").
  'GET /v2/policies': petPolicies,
  'GET /v2/policies/export': petPolicies,
  'GET /v2/policies/events': petPolicies,
  'GET /v2/policies/documents': petPolicies,
  'GET /v2/policies/payments': petPolicies,
  'GET /v2/policies/rates': petPolicies,
  'GET /v2/policies/:matterId': petPolicies,
  'PATCH /v2/policies/:matterId/policyholder': petPolicies,
  'POST /v2/policies/:matterId/cancel': petPolicies,
  'GET /v2/policies/:matterId/notes': petPolicies,
  'POST /v2/policies/:matterId/notes': petPolicies,
  // The policy's billing, and a late payment taken by staff: an edit of the policy, under the same code.
  'GET /v2/policies/:matterId/billing': petPolicies,
  'POST /v2/policies/:matterId/billing/pay-now': petPolicies,
  // Staff change the card a pet policy is billed to, as "Pay now" takes one.
  'POST /v2/policies/:matterId/billing/payment-method': petPolicies,
  // Not in SPEC: a failed refund asked for again gives the policy's money back, the same kind of act as
  // taking a payment, under the same code.
  'POST /v2/policies/:matterId/refunds/retry': petPolicies,
  'GET /v2/matters': petPolicies,
  'GET /v2/matters/export': petPolicies,
  'GET /v2/matters/:matterId': petPolicies,
  'GET /v2/matters/:matterId/claims': petPolicies,
  'GET /v2/matters/:matterId/claims/:claimId': petPolicies,
  'GET /v2/matters/:matterId/documents/:documentId': petPolicies,
  'GET /v2/matters/:matterId/files': petPolicies,
  'POST /v2/matters/:matterId/files': petPolicies,
  'GET /v2/matters/:matterId/files/:fileId': petPolicies,
  'GET /v2/matters/:matterId/payments': petPolicies,

  // §6 "Renters | renters_qt_create (create quote)": the renters quote journey.
  'POST /v2/renters/quotes': rentersQuote,
  'GET /v2/renters/quotes/:id': rentersQuote,
  'GET /v2/renters/coverage-options': rentersQuote,
  'POST /v2/renters/quotes/:id/property': rentersQuote,
  'POST /v2/renters/quotes/:id/coverage': rentersQuote,
  'POST /v2/renters/quotes/:id/customer': rentersQuote,
  'POST /v2/renters/quotes/:id/payment-method': rentersQuote,
  'POST /v2/renters/quotes/:id/back': rentersQuote,
  'POST /v2/renters/quotes/:id/purchase': rentersQuote,
  // "renters_policy_srch (search)".
  'GET /v2/renters/policies': rentersSearch,
  'GET /v2/renters/policies/export': rentersSearch,
  // "renters_policy_ax (edit)": the edit screen and what it reads and does without a privilege of its own
  // (§1 cancellation, discontinuation; §4 reinstatement; notes, documents, events, payments, receipt).
  'GET /v2/renters/customers/:customerId/policies/:matterId': rentersEdit,
  'GET /v2/renters/cancellation-reasons': rentersEdit,
  'POST /v2/renters/policies/:matterId/cancel': rentersEdit,
  'POST /v2/renters/policies/:matterId/discontinue': rentersEdit,
  'POST /v2/renters/policies/:matterId/reinstate': rentersEdit,
  'GET /v2/renters/policies/:matterId/notes': rentersEdit,
  'POST /v2/renters/policies/:matterId/notes': rentersEdit,
  'GET /v2/renters/policies/:matterId/documents': rentersEdit,
  'GET /v2/renters/policies/:matterId/documents/:documentId': rentersEdit,
  'GET /v2/renters/policies/:matterId/events': rentersEdit,
  'GET /v2/renters/policies/:matterId/payments': rentersEdit,
  // SPEC §3's Policy, Policy term and Transaction of the policy the edit screen shows, read like its record.
  'GET /v2/renters/policies/:matterId': rentersEdit,
  'GET /v2/renters/policies/:matterId/terms': rentersEdit,
  'GET /v2/renters/policies/:matterId/transactions': rentersEdit,
  'GET /v2/renters/downloadReceipt': rentersEdit,
  'GET /v2/renters/customers/:customerId/payment_methods': rentersEdit,
  'GET /v2/renters/customers/:customerId/payment_accounts/:accountId/payment_methods/:methodId': rentersEdit,
  // "renters_plcy_rewrite (rewrite)" guards the rewrite itself (POST /v2/renters/quotes with rewrite_of,
  // 403 without it); this read of the eligibility is part of the edit screen and names the missing
  // privilege as a blocker.
  'GET /v2/renters/policies/:matterId/rewrite': rentersEdit,
  // "renters_phone_edit (primary contact)", "renters_addl_ins_add (additional insured)". Removing an
  // additional insured falls under the same privilege (SPEC names adding only; the server's reading).
  'POST /v2/renters/policies/:matterId/contacts': rentersEditWith('renters_phone_edit'),
  'POST /v2/renters/policies/:matterId/additional-insureds': rentersEditWith('renters_addl_ins_add'),
  'DELETE /v2/renters/policies/:matterId/additional-insureds': rentersEditWith('renters_addl_ins_add'),
  // "renters_mailing_edit (mailing address); renters_proprty_edit (property address); renters_intparty_add
  // (interested party)": one route for the three; whoever holds none of them may change no address. Which
  // one a request needs depends on its body, which the server checks in the handler.
  'POST /v2/renters/policies/:matterId/addresses': all(
    rentersEdit,
    any('renters_mailing_edit', 'renters_proprty_edit', 'renters_intparty_add'),
  ),
  // Not in SPEC: confirming an address staff entered (has_unconfirmed_address) takes the privilege of
  // changing that address, checked in the handler by the type in the body as above.
  'POST /v2/renters/policies/:matterId/addresses/confirm': all(
    rentersEdit,
    any('renters_mailing_edit', 'renters_proprty_edit', 'renters_intparty_add'),
  ),
  // "renters_update_pmnt (payment method)": the update through a setup intent.
  'GET /v2/renters/customers/:customerId/payment_accounts/:accountId/payment_methods/setup-intent':
    rentersEditWith('renters_update_pmnt'),
  'POST /v2/renters/customers/:customerId/payment_accounts/:accountId/payment_methods':
    rentersEditWith('renters_update_pmnt'),
  'POST /v2/renters/tokenize': rentersEditWith('renters_update_pmnt'),
  'GET /v2/renters/payment-methods/lookup': rentersEditWith('renters_update_pmnt'),
  // §7 "Customer payment: GET credentials": the payment service's public credentials serve the method update,
  // so they take its privilege.
  'GET /v2/renters/credentials': rentersEditWith('renters_update_pmnt'),
  // §7 "GET customers/{customerId}; POST customers/{customerId}": the customer is read on the edit screen;
  // §6 names no privilege for its name and e-mail, read as the policyholder's contact details, which
  // "renters_phone_edit (primary contact)" guards (the server's reading).
  'GET /v2/renters/customers/:customerId': rentersEdit,
  'POST /v2/renters/customers/:customerId': rentersEditWith('renters_phone_edit'),
  // The policy's billing is read on the edit screen's Payments tab; taking a late payment charges the
  // policy's payment method, so it needs the payment method's privilege.
  'GET /v2/renters/policies/:matterId/billing': rentersEdit,
  'POST /v2/renters/policies/:matterId/billing/pay-now': rentersEditWith('renters_update_pmnt'),
  // Not in SPEC: a failed refund asked for again moves the policy's money as a payment does.
  'POST /v2/renters/policies/:matterId/refunds/retry': rentersEditWith('renters_update_pmnt'),
  // Not in SPEC: the queue of failed refunds, open to whoever may retry one of either line; the server lists
  // each line's refunds only to holders of that line's retry privileges.
  'GET /v2/refunds/failed': any('quote_policy', 'renters_update_pmnt'),
};

// The addresses route by the address type in its body: "renters_mailing_edit (mailing address);
// renters_proprty_edit (property address); renters_intparty_add (interested party)", each with the edit
// screen's renters_policy_ax.
export const RENTERS_ADDRESS_ACCESS: Readonly<Record<'MAILING' | 'PROPERTY' | 'INTPARTY', SpecRule>> = {
  MAILING: rentersEditWith('renters_mailing_edit'),
  PROPERTY: rentersEditWith('renters_proprty_edit'),
  INTPARTY: rentersEditWith('renters_intparty_add'),
};

// A demo user, possibly acting for another entity (§6 "Staff can act as an agent by sending an
// agentEntityCode header").
export interface SpecPersona {
  label: string;
  email: string;
  actingFor?: string;
  // The codes the persona's role holds as seeded (not expanded: rules name the "(all)" parents).
  codes: readonly string[];
  isAdmin: boolean;
  isInternalAgent: boolean;
  isExternalAgent: boolean;
  // Attribute 28 = '1' on the entity the request acts for.
  agentDashboard: boolean;
  // The user may not act for that entity: every guarded route is refused.
  actingRefused: boolean;
}

const entityOf = (code: string) => {
  const entity = DEMO_ENTITIES.find((e) => e.entityCode === code);
  if (!entity) throw new Error(`no demo entity ${code}`);
  return entity;
};

function isWithin(code: string, ancestor: string): boolean {
  for (let at: string | null = code; at; at = entityOf(at).parentCode) if (at === ancestor) return true;
  return false;
}

// Ambiguous: §6 lets staff act as an agent and says nothing of external users. The server lets an external
// user act for entities in their own subtree (an agency manager for a child agency) and refuses the rest;
// that reading is taken here. Staff are admins and internal users.
function mayActFor(user: DemoUser, code: string): boolean {
  return user.userType !== 'external' || isWithin(code, user.entityCode);
}

function persona(email: string, actingFor?: string): SpecPersona {
  const user = DEMO_USERS.find((u) => u.email === email);
  const role = DEMO_ROLES.find((r) => r.roleName === user?.roleName);
  if (!user || !role) throw new Error(`no demo user or role for ${email}`);
  const acting = actingFor ?? user.entityCode;
  return {
    label: actingFor ? `${email} acting for ${actingFor}` : email,
    email,
    actingFor,
    codes: role.privilegeCodes,
    isAdmin: user.userType === 'admin',
    isInternalAgent: user.userType === 'internal',
    isExternalAgent: user.userType === 'external',
    agentDashboard: entityOf(acting).dashboard,
    actingRefused: !mayActFor(user, acting),
  };
}

// Every demo user as themselves, and the acting cases: a manager for a child agency (which lacks the
// dashboard attribute), staff for agencies with and without it, an agent for its parent agency, and another
// agency's manager for Northwind.
export const SPEC_PERSONAS: readonly SpecPersona[] = [
  ...PERSONA_EMAILS.map((email) => persona(email)),
  persona(MANAGER, NORTHWIND_AUSTIN),
  persona(ADMIN, LAKESIDE),
  persona(INTERNAL, NORTHWIND),
  persona(REPORTS, NORTHWIND),
  persona(AGENT, NORTHWIND),
  persona(LAKESIDE_MANAGER, NORTHWIND),
];

export function specAllows(rule: SpecRule, who: SpecPersona): boolean {
  if (rule.kind === 'public') return true;
  if (who.actingRefused) return false;
  const root = who.codes.includes('root_admin');
  switch (rule.kind) {
    case 'signedIn':
      return true;
    case 'any':
      return root || rule.codes.some((code) => who.codes.includes(code));
    case 'all':
      return rule.rules.every((r) => specAllows(r, who));
    case 'dashboard':
      return root || (who.codes.includes('dashboard_report') && who.agentDashboard);
  }
}

// The labels of the personas SPEC lets call `METHOD /path`.
export function allowedPersonas(key: string): Set<string> {
  const rule = SPEC6_ACCESS[key];
  if (!rule) throw new Error(`SPEC §6 has no entry for ${key}`);
  return new Set(SPEC_PERSONAS.filter((p) => specAllows(rule, p)).map((p) => p.label));
}
