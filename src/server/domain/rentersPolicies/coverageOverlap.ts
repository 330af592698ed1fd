import { sql } from 'kysely';
import { readStream, type Trx } from '../../store/eventStore';
import { rentersCoverPeriod, type RentersCoverPeriod } from './rentersCoverPeriod';
import {
  RENTERS_POLICY_STREAM,
  rentersPolicyStatusEvent,
  type RentersAddressData,
  type RentersPolicyIssued,
} from './rentersPolicyEvents';
import { oneYearAfter } from './rentersPolicyNumbers';

// One customer, one address, one renters policy at a time (docs/renters-quotes.md "Cover and overlap"):
// a purchase whose term would overlap the cover of another policy of the same customer at the same property
// is refused, whether it is new business or a rewrite of one of them. Customers are kept per agency (the
// agency's customer with the same e-mail is the same customer), so only the quote's agency's policies are
// looked at, plus the policy a rewrite replaces, which is the same insured whatever e-mail the quote has.

export interface CoverageAsk {
  entityId: number;
  // The policyholder's e-mail; null while the quote does not know it yet.
  email: string | null;
  property: RentersAddressData;
  effectiveDate: string;
  rewriteOf: string | null;
}

export interface CoverageOverlap {
  policyNumber: string;
  start: string;
  // The first day the other policy no longer covers.
  end: string;
}

// Addresses typed twice by people: case, spacing and an empty unit do not make another address.
const tidy = (text: string | null) => (text ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
const zip5 = (zip: string) => zip.trim().slice(0, 5);
function sameAddress(a: RentersAddressData, b: RentersAddressData): boolean {
  return (
    tidy(a.line1) === tidy(b.line1) &&
    tidy(a.line2) === tidy(b.line2) &&
    tidy(a.city) === tidy(b.city) &&
    tidy(a.state) === tidy(b.state) &&
    zip5(a.zip) === zip5(b.zip)
  );
}

const overlaps = (a: { start: string; end: string }, b: { start: string; end: string }) =>
  a.start < b.end && b.start < a.end;

async function coverOf(trx: Trx, policyNumber: string): Promise<RentersCoverPeriod | null> {
  const events = await readStream(trx, RENTERS_POLICY_STREAM, policyNumber);
  const period = rentersCoverPeriod(events.map(rentersPolicyStatusEvent));
  if (period === null || period.rewrittenAs === null) return period;
  // A rewritten policy covered up to where the policy that replaced it took over.
  const replacement = await readStream(trx, RENTERS_POLICY_STREAM, period.rewrittenAs);
  const takeover = (replacement[0]?.data as unknown as RentersPolicyIssued | undefined)?.effectiveDate;
  if (takeover === undefined || takeover >= period.end) return period;
  return { ...period, end: takeover < period.start ? period.start : takeover };
}

// The other policy the asked term would overlap (the one covering longest, so its end is the earliest day
// the new term may start); null when there is none.
export async function findCoverageOverlap(trx: Trx, ask: CoverageAsk): Promise<CoverageOverlap | null> {
  const rows = await trx
    .selectFrom('renters_policies')
    .innerJoin('customers', 'customers.id', 'renters_policies.customer_id')
    .select([
      'renters_policies.policy_number',
      'renters_policies.property_line_1',
      'renters_policies.property_line_2',
      'renters_policies.property_city',
      'renters_policies.state',
      'renters_policies.property_zip',
    ])
    .where((w) =>
      w.or([
        w('renters_policies.policy_number', '=', ask.rewriteOf ?? ''),
        ...(ask.email === null
          ? []
          : [
              w.and([
                w('customers.entity_id', '=', ask.entityId),
                w(sql<string>`lower(customers.email)`, '=', ask.email.trim().toLowerCase()),
              ]),
            ]),
      ]),
    )
    .orderBy('renters_policies.policy_number')
    .execute();
  const term = { start: ask.effectiveDate, end: oneYearAfter(ask.effectiveDate) };
  const found: CoverageOverlap[] = [];
  for (const row of rows) {
    const property = {
      line1: row.property_line_1,
      line2: row.property_line_2,
      city: row.property_city,
      state: row.state,
      zip: row.property_zip,
    };
    if (!sameAddress(property, ask.property)) continue;
    const cover = await coverOf(trx, row.policy_number);
    if (cover && overlaps(cover, term)) found.push({ policyNumber: row.policy_number, ...cover });
  }
  found.sort((a, b) => (a.end > b.end ? -1 : a.end < b.end ? 1 : 0));
  return found[0] ?? null;
}

// The message the effective date is refused with.
export function coverageOverlapMessage(effectiveDate: string, overlap: CoverageOverlap): string {
  return (
    `Coverage from ${effectiveDate} overlaps policy ${overlap.policyNumber} which covers this address ` +
    `until ${overlap.end}. Start the new cover on ${overlap.end} or later.`
  );
}
