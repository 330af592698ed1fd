import type { RentersRewriteSourceWire, RentersRewriteView } from '../../../api/schemas/rentersRewrite';
import type { RewriteSource } from '../../../machines/rentersQuoteContext';
import type { Principal } from '../../access/principal';
import type { Db } from '../../store/db';
import { entityThatMayNotQuote, quotingRefused } from '../entities/quotingRight';
import { requireRentersPolicy } from '../rentersPolicies/rentersPolicyScope';
import { MAX_DAYS_AHEAD } from './rentersQuoteCommands';
import { rewriteVerdict } from './rentersRewriteCheck';
import { rentersRewriteFacts } from './rentersRewriteSource';
import { addressWire, coverageWire } from './rentersWire';
import { rewriteStartOf } from './rewriteStartDate';

export function rewriteSourceWire(s: RewriteSource): RentersRewriteSourceWire {
  return {
    policy_number: s.policyNumber,
    status_code: s.statusCode,
    non_renew: s.nonRenew,
    entity_code: s.entityCode,
    property: addressWire(s.property),
    interested_party: s.interestedParty && {
      name: s.interestedParty.name,
      ...addressWire(s.interestedParty.address),
    },
    coverage: coverageWire(s.coverage),
    customer: {
      name_first: s.customer.firstName,
      name_last: s.customer.lastName,
      email: s.customer.email,
      mailing_address: s.customer.mailingAddress && addressWire(s.customer.mailingAddress),
    },
    contacts: s.contacts.map((c) => ({
      type: c.typeCode,
      number_type: c.numberType,
      number: c.number,
      additional_info: c.additionalInfo ?? null,
      extension: c.extension,
    })),
  };
}

// GET /v2/renters/policies/{matterId}/rewrite for the caller (out of scope: 404).
export async function rentersRewriteAnswer(
  db: Db,
  principal: Principal,
  matterId: number,
  today: string,
): Promise<RentersRewriteView> {
  const ref = await requireRentersPolicy(db, principal, matterId);
  return db.transaction().execute(async (trx) => {
    const facts = await rentersRewriteFacts(trx, ref.policyNumber, today);
    const start = rewriteStartOf(ref.policyNumber, facts.cover?.end ?? today, today, MAX_DAYS_AHEAD);
    const verdict = rewriteVerdict(facts, principal);
    // A rewrite is a new quote: the screen says so when the policy's agency (or the acting one) may not quote.
    const notQuoting = await entityThatMayNotQuote(trx, [principal.acting.id, facts.entityId]);
    const blockers = notQuoting
      ? [...verdict.blockers, quotingRefused(notQuoting).message]
      : verdict.blockers;
    const rewrittenAs =
      facts.rewrittenAs === null
        ? undefined
        : await trx
            .selectFrom('renters_policies')
            .select(['policy_number', 'matter_id', 'customer_id'])
            .where('policy_number', '=', facts.rewrittenAs)
            .executeTakeFirst();
    return {
      eligible: verdict.eligible && !notQuoting,
      blockers,
      source: rewriteSourceWire(facts.source),
      effective_date: start.effectiveDate,
      old_cover_ends: start.oldCoverEnds,
      effective_date_note: start.note,
      rewritten_as: rewrittenAs ?? null,
    };
  });
}
