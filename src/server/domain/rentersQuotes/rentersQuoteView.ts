import { sql } from 'kysely';
import { businessDate, serverTimestamp } from '../../../calendar';
import type { RentersQuoteView } from '../../../api/schemas/rentersQuotes';
import { rentersJourneyStepPath } from '../../../machines/rentersQuoteSteps';
import type { RentersRating } from '../rentersRating/rentersTypes';
import type { Db } from '../../store/db';
import { readStream, type Trx } from '../../store/eventStore';
import { RENTERS_QUOTE_STREAM } from './rentersQuoteEvents';
import { rentersQuoteStatusAt } from './rentersQuoteStatus';
import { quoteAddressesWire } from './rentersQuoteAddresses';
import { addressWire, coverageWire, toDollars } from './rentersWire';

const userName = (db: Db | Trx, id: number | null) =>
  id === null
    ? Promise.resolve(null)
    : db
        .selectFrom('users')
        .select(['id', sql<string>`first_name || ' ' || last_name`.as('name')])
        .where('id', '=', id)
        .executeTakeFirst()
        .then((u) => u ?? null);

// The renters quote as its read table holds it, on the wire (docs/renters-quotes.md).
export async function rentersQuoteView(db: Db | Trx, id: string): Promise<RentersQuoteView> {
  const row = await db
    .selectFrom('renters_quotes')
    .select(['id', 'version', 'step', 'journey', 'rating', 'entity_id', 'created_by'])
    // Read as text with PostgreSQL's microseconds, which a Date would cut to milliseconds.
    .select(
      sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('created'),
    )
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const j = row.journey;
  const rating = row.rating as RentersRating | null;
  // Quote streams are short: the log is read again for the moments the read table does not keep.
  const status = rentersQuoteStatusAt(await readStream(db as Trx, RENTERS_QUOTE_STREAM, id))!;
  const producer = await db
    .selectFrom('entities')
    .select(['id', 'entity_code', 'entity_name'])
    .where('id', '=', row.entity_id)
    .executeTakeFirstOrThrow();
  const quotedBy = await userName(db, row.created_by);
  const soldBy = status.sold ? await userName(db, status.sold.userId) : null;
  const money = (cents: number | undefined) => (cents === undefined ? null : toDollars(cents));
  // The policy the purchase issued, as the policy screen's path names it (its customer and matter).
  const issued = j.policy
    ? await db
        .selectFrom('renters_policies')
        .select(['customer_id', 'matter_id'])
        .where('policy_number', '=', j.policy.policyNumber)
        .executeTakeFirst()
    : undefined;
  return {
    id: row.id,
    // The quote's changes are its log's events, so the last one's version names the set a reader saw.
    changeset_id: row.version,
    version: row.version,
    email: j.customer?.email ?? null,
    name_first: j.customer?.firstName ?? null,
    name_last: j.customer?.lastName ?? null,
    state_code: j.property?.stateCode ?? null,
    zip_code: j.property?.zipCode ?? null,
    effective_at: j.effectiveDate,
    transaction_type: j.rewriteOf ? 'REWRITE' : 'NEW_BUSINESS',
    status: status.status,
    status_at: serverTimestamp(status.at),
    sold: status.sold !== null,
    sold_by: soldBy,
    sold_on: status.sold ? businessDate(status.sold.at) : null,
    term_premium: money(j.premium?.termPremiumCents),
    taxes: money(j.premium?.taxesCents),
    fees: money(j.premium?.feesCents),
    addresses: quoteAddressesWire(j),
    producer,
    quoted_by: quotedBy,
    entity_code: j.entityCode,
    step: row.step,
    route: rentersJourneyStepPath(row.step, { id: row.id, rewriteOf: j.rewriteOf }),
    rewrite_of: j.rewriteOf,
    created_at: serverTimestamp(row.created),
    property: j.property && addressWire(j.property),
    effective_date: j.effectiveDate,
    interested_party: j.interestedParty && {
      name: j.interestedParty.name,
      ...addressWire(j.interestedParty.address),
    },
    term_interval: j.premium?.termInterval ?? null,
    coverage: j.coverage && coverageWire(j.coverage),
    premium: j.premium && {
      term_interval: j.premium.termInterval,
      term_premium: toDollars(j.premium.termPremiumCents),
      taxes: toDollars(j.premium.taxesCents),
      fees: toDollars(j.premium.feesCents),
      total: toDollars(j.premium.totalCents),
      expiration_date: rating?.expiration_date ?? null,
      schedule: (rating?.schedule ?? []).map((p) => ({
        number: p.number,
        due_date: p.due_date,
        premium: toDollars(p.premium),
        taxes: toDollars(p.state_tax + p.municipal_tax),
        fees: toDollars(p.fees),
        total: toDollars(p.total),
      })),
      next_bill: rating?.next_bill
        ? { due_date: rating.next_bill.due_date, amount: toDollars(rating.next_bill.amount) }
        : null,
    },
    customer: j.customer && {
      name_first: j.customer.firstName,
      name_last: j.customer.lastName,
      email: j.customer.email,
      mailing_address: j.customer.mailingAddress && addressWire(j.customer.mailingAddress),
    },
    contacts: j.contacts.map((c) => ({
      type: c.typeCode,
      number_type: c.numberType,
      number: c.number,
      additional_info: c.additionalInfo ?? null,
      extension: c.extension,
    })),
    payment_method: j.payment && {
      type: j.payment.method,
      last_4: j.payment.last4,
      billing_zip_code: j.payment.billingZipCode,
    },
    payment_error: j.errors.payment?.[0] ?? null,
    policy: j.policy && {
      policy_number: j.policy.policyNumber,
      customer_id: issued?.customer_id ?? null,
      matter_id: issued?.matter_id ?? null,
      status_code: j.policy.statusCode,
      term_interval: j.policy.termInterval,
      term_premium: toDollars(j.policy.termPremiumCents),
      effective_at: j.policy.effectiveDate,
      expiration_at: j.policy.expirationDate,
    },
  };
}
