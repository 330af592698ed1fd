import { BANK_ACCOUNT_STREAM } from './domain/bankAccounts/bankAccountEvents';
import { bankAccountProjection } from './domain/bankAccounts/bankAccountProjection';
import { BILLING_STREAM } from './domain/billing/policyRef';
import { billingProjection } from './domain/billing/billingProjection';
import { CORRECTION_STREAM } from './domain/corrections/correctionEvents';
import { correctionProjection } from './domain/corrections/correctionProjection';
import { COMMISSION_RULE_STREAM } from './domain/commission/commissionRuleEvents';
import { commissionRuleProjection } from './domain/commission/commissionRuleProjection';
import { COMMISSION_STATEMENT_STREAM } from './domain/commission/statementEvents';
import { statementProjection } from './domain/commission/statementProjection';
import { CUSTOMER_STREAM } from './domain/customers/customerEvents';
import { customerProjection } from './domain/customers/customerProjection';
import { ENTITY_STREAM } from './domain/entities/entityEvents';
import { entityDetailsProjection } from './domain/entities/entityDetailsProjection';
import { entityProjection } from './domain/entities/entityProjection';
import { syncEntityDetailSequences } from './domain/entities/entitySequences';
import { CLAIM_STREAM } from './domain/matters/matterEvents';
import { claimProjection } from './domain/matters/claimProjection';
import { policyAnnotationProjection } from './domain/policies/policyAnnotationProjection';
import { POLICY_STREAM } from './domain/policies/policyEvents';
import { policyProjection } from './domain/policies/policyProjection';
import { QUOTE_STREAM } from './domain/quotes/quoteEvents';
import { quoteProjection } from './domain/quotes/quoteProjection';
import { QUOTE_TRACKING_STREAM, quoteTrackingProjection } from './domain/quotes/quoteTrackingRows';
import {
  petPremiumAdjustmentProjection,
  rentersPremiumAdjustmentProjection,
} from './domain/reports/premiumAdjustmentProjection';
import { RENTERS_PAYMENT_ACCOUNT_STREAM } from './domain/rentersPayments/rentersPaymentEvents';
import { rentersPaymentProjection } from './domain/rentersPayments/rentersPaymentProjection';
import { RENTERS_POLICY_STREAM } from './domain/rentersPolicies/rentersPolicyEvents';
import { rentersMatterProjection } from './domain/rentersPolicies/rentersMatterProjection';
import { rentersPolicyProjection } from './domain/rentersPolicies/rentersPolicyProjection';
import { RENTERS_QUOTE_STREAM } from './domain/rentersQuotes/rentersQuoteEvents';
import { rentersQuoteProjection } from './domain/rentersQuotes/rentersQuoteProjection';
import { ROLE_STREAM } from './domain/roles/roleEvents';
import { roleProjection } from './domain/roles/roleProjection';
import { USER_STREAM } from './domain/users/userEvents';
import { userProjection } from './domain/users/userProjection';
import type { Db } from './store/db';
import { installProjections } from './store/eventStore';
import type { ReplayOptions } from './store/bulkReplay';
import { rebuildProjections as rebuildWith, type ProjectionRegistry } from './store/rebuild';

// The server's projections, assembled here above the domain: each aggregate's folder declares its own, and
// the store runs what it is handed. For one stream type they run in the order listed.
const PROJECTIONS = [
  entityProjection,
  entityDetailsProjection,
  roleProjection,
  userProjection,
  quoteProjection,
  quoteTrackingProjection,
  customerProjection,
  policyProjection,
  policyAnnotationProjection,
  claimProjection,
  rentersPolicyProjection,
  rentersMatterProjection,
  rentersQuoteProjection,
  rentersPaymentProjection,
  commissionRuleProjection,
  bankAccountProjection,
  petPremiumAdjustmentProjection,
  rentersPremiumAdjustmentProjection,
  billingProjection,
  correctionProjection,
  statementProjection,
];

// The order a rebuild replays the log in (store/bulkReplay.ts), as groups of stream types. A group's events
// are replayed together in log order; a group of one type whose projections have a bulk form is replayed
// stream by stream in bulk. A group whose projection reads another's table comes after it (entities before
// everything that names an entity, policies before the quotes whose pets name their policy and before their
// claims). The administration records are one group: a deleted role takes its user links with it, so users
// and roles must keep their log order.
export const REPLAY_ORDER: readonly (readonly string[])[] = [
  [ENTITY_STREAM, ROLE_STREAM, USER_STREAM, COMMISSION_RULE_STREAM, BANK_ACCOUNT_STREAM],
  [CUSTOMER_STREAM],
  [RENTERS_PAYMENT_ACCOUNT_STREAM],
  [POLICY_STREAM],
  [CLAIM_STREAM],
  [QUOTE_STREAM],
  [QUOTE_TRACKING_STREAM],
  [RENTERS_POLICY_STREAM],
  [RENTERS_QUOTE_STREAM],
  // A policy's billing follows its policy: its account names the policy it bills. Corrections of what older
  // versions billed restate billing's rows, so they replay with billing in the log's order.
  [BILLING_STREAM, CORRECTION_STREAM],
  [COMMISSION_STATEMENT_STREAM],
];

// The secondary indexes a bulk replay reads by, kept while a rebuild drops the others (store/rebuild.ts): the
// quote projection finds a purchase's policies by quote.
export const REPLAY_LOOKUP_INDEXES: readonly string[] = ['policies_quote'];

// Projection tables in the order a rebuild clears them (children first).
export const PROJECTION_TABLES = [
  'billing_refunds',
  'billing_instalments',
  'billing_accounts',
  'commission_statement_lines',
  'commission_statement_overrides',
  'commission_statements',
  'commission_rules',
  'premium_adjustments',
  'claim_payments',
  'claims',
  'policy_notes',
  'policy_files',
  'policy_documents',
  'policy_refunds',
  'policies',
  'entity_bank_accounts',
  'renters_payment_methods',
  'renters_payment_accounts',
  'renters_policies',
  'renters_quotes',
  'customers',
  'quote_tracking',
  'quote_pets',
  'quotes',
  'user_roles',
  'users',
  'role_privileges',
  'roles',
  'entity_contacts',
  'entity_locations',
  'entity_underwriting_questions',
  'entity_quote_sources',
  'entity_discount_states',
  'entity_attributes',
  'entities',
] as const;

export const PROJECTION_REGISTRY: ProjectionRegistry = {
  projections: PROJECTIONS,
  replayOrder: REPLAY_ORDER,
  tables: PROJECTION_TABLES,
  lookupIndexes: REPLAY_LOOKUP_INDEXES,
  // Entity details take their ids from sequences the records' tables do not show.
  afterReplay: syncEntityDetailSequences,
};

// Installs the projections in the event store, so appends run them; the composition root calls it once before
// anything appends (repeating it changes nothing).
export function installServerProjections(): void {
  installProjections(PROJECTIONS);
}

// Clears every projection and replays the whole log through them (store/rebuild.ts).
export function rebuildProjections(db: Db, options: ReplayOptions = {}): Promise<number> {
  return rebuildWith(db, PROJECTION_REGISTRY, options);
}
