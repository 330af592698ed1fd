import { sql } from 'kysely';
import { addDays, addMonths, startOfBusinessDay, type BusinessDate } from '../../../calendar';
import { RENTERS_RENEWAL_OFFER_DAYS } from '../../../machines/rentersPolicyStatus';
import { rentersPolicyFacts, rentersStatusOn } from '../../../machines/rentersRecordFlags';
import { execute } from '../../store/aggregate';
import type { Db } from '../../store/db';
import { readStream, type NewEvent, type Trx } from '../../store/eventStore';
import { rentersPolicyAggregate } from '../rentersPolicies/rentersPolicyAggregate';
import { evenPayments } from '../billing/billingSchedule';
import { scheduleRenewalTerm } from '../billing/scheduleRenewalTerm';
import {
  RENTERS_POLICY_STREAM,
  rentersPolicyStatusEvent,
  type RentersPolicyIssued,
} from '../rentersPolicies/rentersPolicyEvents';
import {
  datedOn,
  forEachPolicy,
  runMetadata,
  type PolicyDateCounts,
  type PolicyDateOutcome,
  type PolicyDatesLog,
} from './policyDatesRun';
import { rentersRenewalPrice, type RentersRenewalPrice } from './rentersRenewalPrice';

const day = (date: BusinessDate) => sql<Date>`cast(${date} as date)`;

async function policiesWhere(
  db: Db,
  where: (query: ReturnType<typeof base>) => ReturnType<typeof base>,
): Promise<string[]> {
  const rows = await where(base(db)).orderBy('p.policy_number').execute();
  return rows.map((r) => r.policy_number);
}
const base = (db: Db) => db.selectFrom('renters_policies as p').select('p.policy_number');

// The renters log read for a decision: the state on the date, the current term and the offer for the next.
async function rentersLog(trx: Trx, policyNumber: string, date: BusinessDate) {
  const events = await readStream(trx, RENTERS_POLICY_STREAM, policyNumber);
  const facts = rentersPolicyFacts(events.map(rentersPolicyStatusEvent));
  const issued = events[0]!.data as unknown as RentersPolicyIssued;
  const term = facts.term ?? { effectiveDate: issued.effectiveDate, expirationDate: issued.expirationDate };
  const offer = events.findLast(
    (e) => e.type === 'renters.renewalOffered' && e.data.effectiveDate === term.expirationDate,
  );
  return {
    events,
    facts,
    issued,
    term,
    offer: (offer?.data as unknown as RentersRenewalPrice | undefined) ?? null,
    version: events.at(-1)?.version ?? 0,
    status: rentersStatusOn(facts, date),
  };
}

// A pending cancellation or a non-renewal whose date has come: the event that says so, dated that day.
async function takeEffect(trx: Trx, policyNumber: string, date: BusinessDate): Promise<PolicyDateOutcome[]> {
  const { facts, status, version } = await rentersLog(trx, policyNumber, date);
  const due: NewEvent[] = [];
  const outcomes: PolicyDateOutcome[] = [];
  for (const { type } of status.due) {
    const on = type === 'renters.cancellationTookEffect' ? facts.cancelDate : facts.nonRenewEffectiveDate;
    due.push(datedOn({ type, data: {} }, on ?? date));
    outcomes.push(type === 'renters.cancellationTookEffect' ? 'tookEffect' : 'nonRenewalTookEffect');
  }
  if (due.length === 0) return [];
  await execute(trx, rentersPolicyAggregate, policyNumber, due, runMetadata(date), version);
  return outcomes;
}

async function property(trx: Trx, policyNumber: string) {
  const row = await trx
    .selectFrom('renters_policies')
    .select(['state', 'property_zip'])
    .where('policy_number', '=', policyNumber)
    .executeTakeFirstOrThrow();
  return { state: row.state, zip: row.property_zip };
}

async function renew(trx: Trx, policyNumber: string, date: BusinessDate): Promise<PolicyDateOutcome[]> {
  const outcomes: PolicyDateOutcome[] = [];
  for (;;) {
    const { issued, term, offer, status, version } = await rentersLog(trx, policyNumber, date);
    if (term.expirationDate > date || status.state !== 'active') return outcomes;
    const effectiveDate = term.expirationDate;
    const price =
      offer ?? (await rentersRenewalPrice(trx, issued, await property(trx, policyNumber), effectiveDate));
    if (!price) return [...outcomes, 'notRenewable'];
    const event: NewEvent = {
      type: 'renters.renewed',
      data: {
        effectiveDate,
        expirationDate: addMonths(effectiveDate, 12),
        annualPremiumCents: price.annualPremiumCents,
        termPremiumCents: price.termPremiumCents,
        taxesCents: price.taxesCents,
        feesCents: price.feesCents,
        totalCents: price.totalCents,
      },
    };
    await execute(
      trx,
      rentersPolicyAggregate,
      policyNumber,
      [datedOn(event, effectiveDate)],
      runMetadata(date),
      version,
    );
    await scheduleRenewalTerm(
      trx,
      { line: 'renters', policyNumber },
      {
        effectiveDate,
        expirationDate: addMonths(effectiveDate, 12),
        payments: evenPayments(price.totalCents),
      },
      runMetadata(date),
      startOfBusinessDay(effectiveDate),
    );
    outcomes.push('renewed');
  }
}

async function offerRenewal(
  trx: Trx,
  policyNumber: string,
  date: BusinessDate,
): Promise<PolicyDateOutcome[]> {
  const { issued, term, offer, status, version } = await rentersLog(trx, policyNumber, date);
  if (offer || status.state !== 'active') return [];
  const effectiveDate = term.expirationDate;
  const price = await rentersRenewalPrice(trx, issued, await property(trx, policyNumber), effectiveDate);
  if (!price) return ['notRenewable'];
  const event: NewEvent = {
    type: 'renters.renewalOffered',
    data: {
      effectiveDate,
      expirationDate: addMonths(effectiveDate, 12),
      amountCents: price.totalCents,
      ...price,
    },
  };
  await execute(
    trx,
    rentersPolicyAggregate,
    policyNumber,
    [datedOn(event, date)],
    runMetadata(date),
    version,
  );
  return ['renewalOffered'];
}

// The renters line's dates for one business day, in order: pending cancellations and non-renewals take
// effect, then active terms that ended renew, then renewals coming within the lead time are offered.
export async function rentersPolicyDates(
  db: Db,
  date: BusinessDate,
  counts: PolicyDateCounts,
  log: PolicyDatesLog,
): Promise<void> {
  const ending = await policiesWhere(db, (q) =>
    q.where((eb) =>
      eb.or([
        eb.and([
          eb('p.machine_state', '=', 'pendingCancellation'),
          eb('p.cancellation_date', '<=', day(date)),
        ]),
        eb.and([
          eb('p.machine_state', '=', 'nonRenewing'),
          eb('p.non_renew_effective_date', '<=', day(date)),
        ]),
      ]),
    ),
  );
  await forEachPolicy(db, log, ending, counts, (trx, n) => takeEffect(trx, n, date));
  const ended = await policiesWhere(db, (q) =>
    q.where('p.machine_state', '=', 'active').where('p.expiration_date', '<=', day(date)),
  );
  await forEachPolicy(db, log, ended, counts, (trx, n) => renew(trx, n, date));
  const offers = await policiesWhere(db, (q) =>
    q
      .where('p.machine_state', '=', 'active')
      .where('p.expiration_date', '>', day(date))
      .where('p.expiration_date', '<=', day(addDays(date, RENTERS_RENEWAL_OFFER_DAYS)))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('events as o')
              .select('o.version')
              .whereRef('o.stream_id', '=', 'p.policy_number')
              .where('o.stream_type', '=', RENTERS_POLICY_STREAM)
              .where('o.type', '=', 'renters.renewalOffered')
              .where(sql<boolean>`o.data->>'effectiveDate' = to_char(p.expiration_date, 'YYYY-MM-DD')`),
          ),
        ),
      ),
  );
  await forEachPolicy(db, log, offers, counts, (trx, n) => offerRenewal(trx, n, date));
}
