import {
  rentersPolicyFacts,
  rentersRecordFlags,
  rentersStatusOn,
} from '../../../machines/rentersRecordFlags';
import { notFound } from '../domainErrors';
import { rentersCollectedInTerm } from '../billing/rentersCollected';
import { entityRules } from '../commission/commissionRuleQueries';
import { readStream, type Trx } from '../../store/eventStore';
import type { RentersPolicyForChange } from '../rentersPolicies/changes/rentersPolicyForChange';
import {
  RENTERS_POLICY_STREAM,
  rentersPolicyStatusEvent,
  type RentersPolicyIssued,
} from '../rentersPolicies/rentersPolicyEvents';

// A renters policy as a change decides on it, with the money facts its decision needs: what billing collected
// for the term and the commission rules of its entity (rentersPolicyForChange.ts).

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
