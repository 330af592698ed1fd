import { policyLifecycleMachine } from '../../machines/policyLifecycle';
import { recordLifecycleMachine } from '../../machines/recordLifecycle';
import type { AggregateSpec } from '../store/aggregate';
import { ENTITY_STREAM, entityLifecycleEvent } from './entities/entityEvents';
import { ROLE_STREAM, roleLifecycleEvent } from './roles/roleEvents';
import { USER_STREAM, userLifecycleEvent } from './users/userEvents';
import { CUSTOMER_STREAM, customerLifecycleEvent } from './customers/customerEvents';
import { POLICY_STREAM, policyLifecycleEvent } from './policies/policyEvents';
import { rentersPolicyStatusMachine } from '../../machines/rentersPolicyStatus';
import { RENTERS_POLICY_STREAM, rentersPolicyStatusEvent } from './rentersPolicies/rentersPolicyEvents';
import { COMMISSION_RULE_STREAM, commissionRuleLifecycleEvent } from './commission/commissionRuleEvents';
import { BANK_ACCOUNT_STREAM } from './bankAccounts/bankAccountEvents';
import { CLAIM_STREAM } from './matters/matterEvents';
import { QUOTE_STREAM } from './quotes/quoteEvents';
import { RENTERS_PAYMENT_ACCOUNT_STREAM } from './rentersPayments/rentersPaymentEvents';
import { RENTERS_QUOTE_STREAM } from './rentersQuotes/rentersQuoteEvents';
import { COMMISSION_STATEMENT_STREAM } from './commission/statementEvents';
import { BILLING_STREAM } from './billing/policyRef';
export { quoteAggregate } from './quotes/quoteAggregate';
export { rentersQuoteAggregate } from './rentersQuotes/rentersQuoteAggregate';
export { statementAggregate } from './commission/statementAggregate';
import './entities/entityProjection';
import './entities/entityDetailsProjection';
import './roles/roleProjection';
import './users/userProjection';
import './quotes/quoteProjection';
import './customers/customerProjection';
import './policies/policyProjection';
import './matters/matterProjection';
import './rentersPolicies/rentersPolicyProjection';
import './rentersPolicies/rentersMatterProjection';
import './rentersQuotes/rentersQuoteProjection';
import './rentersPayments/rentersPaymentProjection';
import './commission/commissionRuleProjection';
import './bankAccounts/bankAccountProjection';
import './reports/premiumAdjustmentProjection';
import './billing/billingProjection';

// The event-sourced records of the administration area. Importing this module registers their projections.
export const entityAggregate: AggregateSpec = {
  streamType: ENTITY_STREAM,
  machine: recordLifecycleMachine,
  toMachineEvent: entityLifecycleEvent,
};
export const roleAggregate: AggregateSpec = {
  streamType: ROLE_STREAM,
  machine: recordLifecycleMachine,
  toMachineEvent: roleLifecycleEvent,
};
export const userAggregate: AggregateSpec = {
  streamType: USER_STREAM,
  machine: recordLifecycleMachine,
  toMachineEvent: userLifecycleEvent,
};

// A purchase's policyholder, and one policy per pet (docs/purchase.md).
export const customerAggregate: AggregateSpec = {
  streamType: CUSTOMER_STREAM,
  machine: recordLifecycleMachine,
  toMachineEvent: customerLifecycleEvent,
};
// Pet policies fold through their own lifecycle (docs/decisions/006-pet-policy-lifecycle.md).
export const policyAggregate: AggregateSpec = {
  streamType: POLICY_STREAM,
  machine: policyLifecycleMachine,
  toMachineEvent: policyLifecycleEvent,
};

// Renters policies fold through their status machine (docs/decisions/008-renters-policy-changes.md).
export const rentersPolicyAggregate: AggregateSpec = {
  streamType: RENTERS_POLICY_STREAM,
  machine: rentersPolicyStatusMachine,
  toMachineEvent: rentersPolicyStatusEvent,
};

// Commission rate rules of an entity (docs/commission.md "Storage and API").
export const commissionRuleAggregate: AggregateSpec = {
  streamType: COMMISSION_RULE_STREAM,
  machine: recordLifecycleMachine,
  toMachineEvent: commissionRuleLifecycleEvent,
};

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
  [RENTERS_POLICY_STREAM],
  [RENTERS_QUOTE_STREAM],
  // A policy's billing follows its policy: its account names the policy it bills.
  [BILLING_STREAM],
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
