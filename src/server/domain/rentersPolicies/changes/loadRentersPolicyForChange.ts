import {
  rentersPolicyFacts,
  rentersRecordFlags,
  rentersStatusOn,
  type RentersRecordFlags,
  type RentersTerm,
} from '../../../../machines/rentersRecordFlags';
import type { RentersPolicyState } from '../../../../machines/rentersPolicyStatus';
import { notFound } from '../../domainErrors';
import type { RateRule } from '../../commission/commissionRules';
import { rentersCollectedInTerm } from '../../billing/rentersCollected';
import { entityRules } from '../../commission/commissionRuleQueries';
import { readStream, type StoredEvent, type Trx } from '../../../store/eventStore';
import {
  RENTERS_POLICY_STREAM,
  rentersPolicyStatusEvent,
  type RentersPolicyIssued,
} from '../rentersPolicyEvents';

// A renters policy as a change decides on it: its log, its version, and its state and flags on the day.
export interface RentersPolicyForChange {
  policyNumber: string;
  events: StoredEvent[];
  version: number;
  issued: RentersPolicyIssued;
  // The state on the day: a due cancellation or non-renewal counts as taken effect (docs/decisions/008).
  state: RentersPolicyState;
  term: RentersTerm;
  flags: RentersRecordFlags;
  // The commission rules of the policy's entity: a cancellation takes back what its rule paid.
  commissionRules: RateRule[];
  // What the payment service took for the term, net of refunds (its billing); null before billing.
  collectedCents: number | null;
}

export async function loadRentersPolicyForChange(
  trx: Trx,
  policyNumber: string,
  today: string,
): Promise<RentersPolicyForChange> {
  const events = await readStream(trx, RENTERS_POLICY_STREAM, policyNumber);
  const first = events[0];
  if (!first || first.type !== 'renters.policyIssued') throw notFound('renters policy');
  const statusEvents = events.map(rentersPolicyStatusEvent);
  const facts = rentersPolicyFacts(statusEvents);
  const issued = first.data as unknown as RentersPolicyIssued;
  const term = facts.term ?? { effectiveDate: issued.effectiveDate, expirationDate: issued.expirationDate };
  return {
    policyNumber,
    events,
    version: events.at(-1)?.version ?? 0,
    issued,
    state: rentersStatusOn(facts, today).state,
    term,
    flags: rentersRecordFlags(statusEvents, today),
    commissionRules: await entityRules(trx, issued.entityId),
    collectedCents: await rentersCollectedInTerm(trx, policyNumber, term),
  };
}
