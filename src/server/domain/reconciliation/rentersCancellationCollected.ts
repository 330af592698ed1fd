import { sql } from 'kysely';
import type { EventActor, Trx } from '../../store/eventStore';
import { BILLING_STREAM } from '../billing/policyRef';
import { correctionRefundKey, isCorrectionRefundKey } from '../billing/correctionRefundKeys';
import { loadRentersPolicyForChange } from '../policyMoney/loadRentersPolicyForChange';
import { rentersRefundKey } from '../rentersPolicies/changes/rentersRefundKey';
import { isBillingsOwnChange } from '../rentersPolicies/changes/billingsOwnChanges';
import { termMoney } from '../rentersPolicies/changes/decideRentersChange';
import type { RentersChangeData } from '../rentersPolicies/changes/rentersChangeEvents';
import { collectedOf } from '../rentersPolicies/changes/rentersChangeFigures';
import { RENTERS_POLICY_STREAM } from '../rentersPolicies/rentersPolicyEvents';
import { dollars, type Discrepancy } from './discrepancies';
import type { Reader } from './reader';

// A renters cancellation counts everything billing collected for the term as paid (docs/renters-cancellation.md
// "Paid"): older versions counted only the bills that fell due before the cancel date, so a backdated or flat
// cancellation of a monthly policy kept the premium and taxes of months collected after it. What billing
// collected for the term before the cancellation (its paid instalments, less refunds sent that are neither the
// cancellation's nor a correction's) is split as the product splits it, and weighed against the paid premium
// and taxes the cancellation states; what it counted short is owed back, less what a correction returned. As
// for pet (cancellationCollected.ts), only a policy cancelled once and never reinstated, in the term billing
// knows, is weighed; billing's own lapse moves no money of its own (ownSettlements.ts), and a cancellation
// from before the event stated its paid premium and taxes has nothing to weigh.

type Stated = RentersChangeData & { paidPremiumCents?: number; paidTaxesCents?: number };

interface Cancelled {
  policy_number: string;
  version: number;
  data: Stated;
  metadata: EventActor;
  cancellations: number;
  reinstated: boolean;
  term_effective: string;
}

async function cancelledOnce(db: Reader): Promise<Cancelled[]> {
  const { rows } = await sql<Cancelled>`
    select c.stream_id as policy_number, c.version, c.data, c.metadata, a.term_effective,
           (select count(*)::int from events x
             where x.stream_type = ${RENTERS_POLICY_STREAM} and x.stream_id = c.stream_id
               and x.type = 'renters.cancelled') as cancellations,
           exists (select 1 from events x
                    where x.stream_type = ${RENTERS_POLICY_STREAM} and x.stream_id = c.stream_id
                      and x.type = 'renters.reinstated') as reinstated
      from events c
      join billing_accounts a on a.line = 'renters' and a.policy_number = c.stream_id
     where c.stream_type = ${RENTERS_POLICY_STREAM} and c.type = 'renters.cancelled'
     order by c.position`.execute(db);
  return rows.filter(
    (r) =>
      r.cancellations === 1 &&
      !r.reinstated &&
      !isBillingsOwnChange(r.data, r.metadata) &&
      typeof r.data.paidPremiumCents === 'number' &&
      typeof r.data.paidTaxesCents === 'number',
  );
}

// The product's loader reads through a transaction, as the reconciliation does (reconcile.ts); any other
// handle opens one. The day only sets the state and flags, which are not weighed here.
function policyOf(db: Reader, c: Cancelled) {
  const load = (trx: Trx) => loadRentersPolicyForChange(trx, c.policy_number, c.data.effectiveDate);
  return db.isTransaction ? load(db as Trx) : db.transaction().execute(load);
}

async function weigh(db: Reader, c: Cancelled): Promise<Discrepancy[]> {
  const policy = await policyOf(db, c);
  const { term } = policy;
  // A term billing does not know has no ledger to weigh (the product then takes the bills due as paid).
  if (term.effectiveDate !== c.term_effective || c.data.effectiveDate >= term.expirationDate) return [];
  const ref = { line: 'renters' as const, policyNumber: c.policy_number };
  const paid = await db
    .selectFrom('billing_instalments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('cents'))
    .where('line', '=', 'renters')
    .where('policy_number', '=', c.policy_number)
    .where('status', '=', 'paid')
    .where('kind', '=', 'instalment')
    .where('due_date', '>=', term.effectiveDate)
    .where('due_date', '<', term.expirationDate)
    .executeTakeFirstOrThrow();
  const refunds = await db
    .selectFrom('events')
    .select(sql<string>`data->>'key'`.as('key'))
    .select(sql<number>`(data->>'amountCents')::int`.as('amount_cents'))
    .select(sql<string>`data->>'outcome'`.as('outcome'))
    .where('stream_type', '=', BILLING_STREAM)
    .where('stream_id', '=', `renters:${c.policy_number}`)
    .where('type', '=', 'billing.refundRecorded')
    .orderBy('position')
    .execute();
  const last = new Map(refunds.map((r) => [r.key, r]));
  // Refunds sent before the cancellation: none of its own or of a correction's.
  const own = rentersRefundKey(c.policy_number, c.version);
  const before = [...last.values()]
    .filter((r) => r.outcome === 'done' && r.key !== own && !isCorrectionRefundKey(r.key))
    .reduce((sum, r) => sum + r.amount_cents, 0);
  const collected = Number(paid.cents) - before;
  const split = collectedOf(termMoney(policy), collected);
  const counted = (c.data.paidPremiumCents ?? 0) + (c.data.paidTaxesCents ?? 0);
  const shortfall = split.premiumCents + split.taxesCents - counted;
  const corrected = last.get(correctionRefundKey(ref, 'cancellation'))?.amount_cents ?? 0;
  if (shortfall - corrected <= 0) return [];
  const { settlement } = c.data;
  const refund = settlement.kind === 'refund' ? settlement.amountCents : 0;
  // A charge stated on a short count is owed by nobody: a person settles it with the customer.
  const owing = settlement.kind === 'charge' && settlement.amountCents > 0;
  return [
    {
      kind: 'cancellation_refund_differs',
      ...ref,
      expectedCents: refund + shortfall,
      foundCents: refund + corrected,
      message: `The cancellation to ${c.data.effectiveDate} counts ${dollars(counted)} of premium and taxes collected, but billing collected ${dollars(split.premiumCents + split.taxesCents)} of them for the term (bills for months after the cancel date count too), so ${dollars(shortfall)} more comes back${corrected > 0 ? ` and a correction returned ${dollars(corrected)}` : ''}. ${owing ? `It also states a charge of ${dollars(settlement.amountCents)}: settle both with the customer.` : 'Refund the difference (npm run correct-billing).'}`,
      ...(!owing && { fault: { cause: 'collectedUndercounted', shortfallCents: shortfall - corrected } }),
    },
  ];
}

export async function rentersCollectedCountDiscrepancies(db: Reader): Promise<Discrepancy[]> {
  const found: Discrepancy[] = [];
  for (const c of await cancelledOnce(db)) found.push(...(await weigh(db, c)));
  return found;
}
