import { sql } from 'kysely';
import { addDays, startOfBusinessDay, type BusinessDate } from '../../../calendar';
import { RENEWAL_OFFER_DAYS } from '../../../machines/policyLifecycle';
import { execute } from '../../store/aggregate';
import type { Db } from '../../store/db';
import { readStream, type Trx } from '../../store/eventStore';
import { policyAggregate } from '../policies/policyAggregate';
import { scheduleRenewalTerm } from '../billing/scheduleRenewalTerm';
import {
  POLICY_STREAM,
  policyEvent,
  type PolicyIssued,
  type PolicyRenewalOffered,
  type PolicyRenewed,
} from '../policies/policyEvents';
import { oneYearAfter } from '../policies/policyNumbers';
import { lifecycleOf } from '../policies/policyRecord';
import { RatingError } from '../rating/ratingError';
import { petRenewalPayments, petRenewalPrice } from './petRenewalPrice';
import {
  datedOn,
  forEachPolicy,
  runMetadata,
  type PolicyDateCounts,
  type PolicyDateOutcome,
  type PolicyDatesLog,
} from './policyDatesRun';

const day = (date: BusinessDate) => sql<Date>`cast(${date} as date)`;

// Pet policies whose last cancellation waits for its date and whose date has come (docs/policy-dates.md).
async function pendingCancellationsDue(db: Db, date: BusinessDate): Promise<string[]> {
  const rows = await db
    .selectFrom('policies as p')
    .innerJoin('events as c', (join) =>
      join.onRef('c.stream_id', '=', 'p.policy_number').on('c.stream_type', '=', POLICY_STREAM),
    )
    .select('p.policy_number')
    .where('p.status_code', '=', 'CANCELLED')
    .where('p.cancel_effective_date', '<=', day(date))
    .where('c.type', '=', 'policy.cancelled')
    .where(sql<boolean>`c.data->>'immediate' = 'false' and c.data->>'flatCancel' = 'false'`)
    // The policy's last cancellation, with nothing after it saying it took effect or was undone.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('events as l')
            .select('l.version')
            .whereRef('l.stream_id', '=', 'c.stream_id')
            .where('l.stream_type', '=', POLICY_STREAM)
            .whereRef('l.version', '>', 'c.version')
            .where('l.type', 'in', [
              'policy.cancelled',
              'policy.cancellationTookEffect',
              'policy.reinstated',
            ]),
        ),
      ),
    )
    .orderBy('p.policy_number')
    .execute();
  return rows.map((r) => r.policy_number);
}

// In-force pet policies whose term ends on or before the date: they renew.
async function termsEnded(db: Db, date: BusinessDate): Promise<string[]> {
  const rows = await db
    .selectFrom('policies')
    .select('policy_number')
    .where('status_code', '=', 'ACTIVE')
    .where('expiration_date', '<=', day(date))
    .orderBy('policy_number')
    .execute();
  return rows.map((r) => r.policy_number);
}

// In-force pet policies within the offer's lead time of their expiration that were not offered this renewal.
async function offersDue(db: Db, date: BusinessDate): Promise<string[]> {
  const rows = await db
    .selectFrom('policies as p')
    .select('p.policy_number')
    .where('p.status_code', '=', 'ACTIVE')
    .where('p.expiration_date', '>', day(date))
    .where('p.expiration_date', '<=', day(addDays(date, RENEWAL_OFFER_DAYS)))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('events as o')
            .select('o.version')
            .whereRef('o.stream_id', '=', 'p.policy_number')
            .where('o.stream_type', '=', POLICY_STREAM)
            .where('o.type', '=', 'policy.renewalOffered')
            .where(sql<boolean>`o.data->>'effectiveDate' = to_char(p.expiration_date, 'YYYY-MM-DD')`),
        ),
      ),
    )
    .orderBy('p.policy_number')
    .execute();
  return rows.map((r) => r.policy_number);
}

// The policy's log read for a decision: its issue, its current term and the renewal offered for the next.
async function policyLog(trx: Trx, policyNumber: string, date: BusinessDate) {
  const events = await readStream(trx, POLICY_STREAM, policyNumber);
  const issued = events.find((e) => e.type === 'policy.issued')?.data as unknown as PolicyIssued;
  const renewals = events
    .filter((e) => e.type === 'policy.renewed')
    .map((e) => e.data as unknown as PolicyRenewed);
  const term = renewals.at(-1) ?? issued;
  const offers = events
    .filter((e) => e.type === 'policy.renewalOffered')
    .map((e) => e.data as unknown as PolicyRenewalOffered);
  const offer = offers.findLast((o) => o.effectiveDate === term.expirationDate) ?? null;
  return { lifecycle: lifecycleOf(events, date), issued, term, termsBehind: renewals.length, offer };
}

async function takeEffect(trx: Trx, policyNumber: string, date: BusinessDate): Promise<PolicyDateOutcome[]> {
  const { lifecycle } = await policyLog(trx, policyNumber, date);
  if (lifecycle.due.length === 0) return [];
  await execute(trx, policyAggregate, policyNumber, lifecycle.due, runMetadata(date), lifecycle.version);
  return ['tookEffect'];
}

// Renews term after term until the policy's term runs past the date (one, unless days were skipped), each at
// the price offered for it or, without an offer, the engine's price at its start.
async function renew(trx: Trx, policyNumber: string, date: BusinessDate): Promise<PolicyDateOutcome[]> {
  const outcomes: PolicyDateOutcome[] = [];
  for (;;) {
    const { lifecycle, issued, term, termsBehind, offer } = await policyLog(trx, policyNumber, date);
    if (term.expirationDate > date || !lifecycle.snapshot.can({ type: 'policy.renewed' })) return outcomes;
    const effectiveDate = term.expirationDate;
    let annualPremiumCents = offer?.annualPremiumCents;
    if (annualPremiumCents === undefined) {
      const price = await unlessRefused(petRenewalPrice(trx, issued, termsBehind + 1, effectiveDate));
      if (!price) return [...outcomes, 'notRenewable'];
      annualPremiumCents = price.annualPremiumCents;
    }
    const payments = await unlessRefused(petRenewalPayments(trx, issued, annualPremiumCents, effectiveDate));
    if (!payments) return [...outcomes, 'notRenewable'];
    const previous = 'annualPremiumCents' in term ? term.annualPremiumCents : term.premiumCents;
    const event = policyEvent.renewed({
      effectiveDate,
      expirationDate: oneYearAfter(effectiveDate),
      annualPremiumCents,
      previousAnnualPremiumCents: previous,
    });
    await execute(
      trx,
      policyAggregate,
      policyNumber,
      [datedOn(event, effectiveDate)],
      runMetadata(date),
      lifecycle.version,
    );
    await scheduleRenewalTerm(
      trx,
      { line: 'pet', policyNumber },
      { effectiveDate, expirationDate: oneYearAfter(effectiveDate), payments },
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
  const { lifecycle, issued, term, termsBehind, offer } = await policyLog(trx, policyNumber, date);
  if (offer || !lifecycle.snapshot.can({ type: 'policy.renewalOffered' })) return [];
  const effectiveDate = term.expirationDate;
  const price = await unlessRefused(petRenewalPrice(trx, issued, termsBehind + 1, effectiveDate));
  if (!price) return ['notRenewable'];
  const event = policyEvent.renewalOffered({
    effectiveDate,
    expirationDate: oneYearAfter(effectiveDate),
    annualPremiumCents: price.annualPremiumCents,
    ratedAge: price.ratedAge,
  });
  await execute(
    trx,
    policyAggregate,
    policyNumber,
    [datedOn(event, date)],
    runMetadata(date),
    lifecycle.version,
  );
  return ['renewalOffered'];
}

// The engine's answer, or null when it will not rate the pet again (too old for its species' bands, a plan,
// state or wellness level no longer filed): the policy is then neither offered a renewal nor renewed, and
// someone must look at it.
async function unlessRefused<T>(rating: Promise<T>): Promise<T | null> {
  try {
    return await rating;
  } catch (error) {
    if (error instanceof RatingError) return null;
    throw error;
  }
}

// The pet line's dates for one business day, in order: pending cancellations take effect, then terms that
// ended renew, then renewals coming within the lead time are offered.
export async function petPolicyDates(
  db: Db,
  date: BusinessDate,
  counts: PolicyDateCounts,
  log: PolicyDatesLog,
): Promise<void> {
  await forEachPolicy(db, log, await pendingCancellationsDue(db, date), counts, (trx, n) =>
    takeEffect(trx, n, date),
  );
  await forEachPolicy(db, log, await termsEnded(db, date), counts, (trx, n) => renew(trx, n, date));
  await forEachPolicy(db, log, await offersDue(db, date), counts, (trx, n) => offerRenewal(trx, n, date));
}
