import { sql } from 'kysely';
import type { Reader } from './reader';
import type { ChargeAdded, RefundRecorded } from '../billing/billingEvents';
import { NON_PAYMENT } from '../policyMoney/policyStanding';
import { BILLING_STREAM, billingStreamId, refOfStreamId, type PolicyLine } from '../billing/policyRef';
import { POLICY_STREAM, type PolicyCancelled } from '../policies/policyEvents';
import { refundKey } from '../policies/cancellationRefundKey';
import { rentersRefundKey } from '../rentersPolicies/changes/rentersRefundKey';
import type { RentersChangeData } from '../rentersPolicies/changes/rentersChangeEvents';
import { RENTERS_POLICY_STREAM } from '../rentersPolicies/rentersPolicyEvents';
import { isBillingsOwnChange } from '../rentersPolicies/changes/billingsOwnChanges';
import { isCorrectionRefundKey } from '../billing/correctionRefundKeys';
import { CORRECTION_STREAM } from '../billing/correctionStream';
import type { EventActor } from '../../store/eventStore';
import { dollars, type Discrepancy } from './discrepancies';

// Each settled cancellation against its figures (docs/billing.md "What a cancellation counts, keeps and
// returns"): the refund it states (collected − earned) is the refund billing recorded under its key, the
// balance due it states (earned − collected) was added to the schedule as a charge, and a pet cancellation's
// figures add up. A lapse for non-payment moves no money of its own (billing voids and collects), so it
// states none and is held to that. Cancellations are a small part of the book: their events are read whole.

interface Stated {
  // The refund key and amount of each refund a cancellation states.
  refunds: Map<string, number>;
  // The refund keys of billing's own lapses: held to no settlement by ownSettlements.ts, not compared here.
  own: Set<string>;
  // Null when a cancellation predates stating its balance due.
  balanceDueCents: number | null;
  figures: Discrepancy[];
}

interface Recorded {
  refunds: Map<string, number>;
  balanceDueCents: number;
}

async function cancellations(db: Reader) {
  const { rows } = await sql<{
    line: PolicyLine;
    policy_number: string;
    version: number;
    data: unknown;
    metadata: EventActor;
  }>`
    select a.line, a.policy_number, e.version, e.data, e.metadata
      from billing_accounts a
      join events e on e.stream_id = a.policy_number
       and ((a.line = 'pet' and e.stream_type = ${POLICY_STREAM} and e.type = 'policy.cancelled')
         or (a.line = 'renters' and e.stream_type = ${RENTERS_POLICY_STREAM} and e.type = 'renters.cancelled'))
     order by e.position`.execute(db);
  return rows;
}

function petFigures(policyNumber: string, c: PolicyCancelled): Discrepancy[] {
  const at = { line: 'pet' as const, policyNumber };
  const refund = Math.max(0, c.paidCents - c.earnedPremiumCents);
  const due = Math.max(0, c.earnedPremiumCents - c.paidCents);
  const said = `The cancellation to ${c.cancelEffectiveDate} counts ${dollars(c.paidCents)} collected and ${dollars(c.earnedPremiumCents)} earned`;
  const found: Discrepancy[] = [];
  if (c.refundCents !== refund)
    found.push({
      kind: 'cancellation_refund_differs',
      ...at,
      expectedCents: refund,
      foundCents: c.refundCents,
      message: `${said}, so it returns ${dollars(refund)}, but it states a refund of ${dollars(c.refundCents)}. Settle the difference with the customer.`,
    });
  if (c.balanceDueCents !== undefined && c.balanceDueCents !== due)
    found.push({
      kind: 'balance_due_differs',
      ...at,
      expectedCents: due,
      foundCents: c.balanceDueCents,
      message: `${said}, so ${dollars(due)} is owed, but it states a balance due of ${dollars(c.balanceDueCents)}. Settle the difference with the customer.`,
    });
  return found;
}

function stated(rows: Awaited<ReturnType<typeof cancellations>>): Map<string, Stated> {
  const byPolicy = new Map<string, Stated>();
  for (const row of rows) {
    const key = billingStreamId({ line: row.line, policyNumber: row.policy_number });
    const s: Stated = byPolicy.get(key) ?? {
      refunds: new Map(),
      own: new Set(),
      balanceDueCents: 0,
      figures: [],
    };
    byPolicy.set(key, s);
    if (row.line === 'pet') {
      const c = row.data as PolicyCancelled;
      const lapse = c.reason === 'NON_PAYMENT' && c.note === NON_PAYMENT;
      if (!lapse) s.figures.push(...petFigures(row.policy_number, c));
      if (c.refundCents > 0) {
        const k = refundKey(row.policy_number);
        s.refunds.set(k, (s.refunds.get(k) ?? 0) + c.refundCents);
      }
      s.balanceDueCents =
        s.balanceDueCents === null || c.balanceDueCents === undefined
          ? null
          : s.balanceDueCents + c.balanceDueCents;
      continue;
    }
    const { settlement } = row.data as RentersChangeData;
    // Billing's own lapse moves no money of its own; ownSettlements.ts finds one that states some.
    if (isBillingsOwnChange(row.data as RentersChangeData, row.metadata)) {
      s.own.add(rentersRefundKey(row.policy_number, row.version));
      continue;
    }
    if (settlement.kind === 'refund' && settlement.amountCents > 0)
      s.refunds.set(rentersRefundKey(row.policy_number, row.version), settlement.amountCents);
    if (settlement.kind === 'charge' && s.balanceDueCents !== null)
      s.balanceDueCents += settlement.amountCents;
  }
  return byPolicy;
}

// The refunds (by key, as first recorded) and balance-due charges billing recorded. A correction's refund is
// no cancellation's (cancellationCollected.ts weighs it), and a refund a correction withdrew is none.
async function recorded(db: Reader): Promise<Map<string, Recorded>> {
  const withdrawn = new Set(
    (
      await db
        .selectFrom('events')
        .select(sql<string>`stream_id || ' ' || (data->>'key')`.as('id'))
        .where('stream_type', '=', CORRECTION_STREAM)
        .where('type', '=', 'correction.refundWithdrawn')
        .execute()
    ).map((r) => r.id),
  );
  const rows = await db
    .selectFrom('events')
    .select(['stream_id', 'type', 'data'])
    .where('stream_type', '=', BILLING_STREAM)
    .where((eb) =>
      eb.or([
        eb('type', '=', 'billing.refundRecorded'),
        eb.and([eb('type', '=', 'billing.chargeAdded'), sql<boolean>`data->>'kind' = 'balanceDue'`]),
      ]),
    )
    .orderBy('position')
    .execute();
  const byPolicy = new Map<string, Recorded>();
  for (const row of rows) {
    const r: Recorded = byPolicy.get(row.stream_id) ?? { refunds: new Map(), balanceDueCents: 0 };
    byPolicy.set(row.stream_id, r);
    if (row.type === 'billing.chargeAdded') {
      r.balanceDueCents += (row.data as unknown as ChargeAdded).amountCents;
      continue;
    }
    const d = row.data as unknown as RefundRecorded;
    if (isCorrectionRefundKey(d.key) || withdrawn.has(`${row.stream_id} ${d.key}`)) continue;
    if (!r.refunds.has(d.key)) r.refunds.set(d.key, d.amountCents);
  }
  return byPolicy;
}

function compare(streamId: string, s: Stated | undefined, r: Recorded | undefined): Discrepancy[] {
  const ref = refOfStreamId(streamId);
  const found: Discrepancy[] = [...(s?.figures ?? [])];
  const keys = new Set([...(s?.refunds.keys() ?? []), ...(r?.refunds.keys() ?? [])]);
  for (const key of keys) {
    if (s?.own.has(key)) continue;
    const expected = s?.refunds.get(key) ?? 0;
    const got = r?.refunds.get(key) ?? 0;
    if (expected === got) continue;
    found.push({
      kind: 'cancellation_refund_differs',
      ...ref,
      expectedCents: expected,
      foundCents: got,
      message:
        got === 0
          ? `The cancellation states a refund of ${dollars(expected)}, but billing recorded no refund under ${key}: the customer has not been sent it. Record the refund and send it.`
          : expected === 0
            ? `Billing recorded a refund of ${dollars(got)} under ${key}, but no cancellation of the policy states one. Find out why it was sent; it may have to be charged back.`
            : `The cancellation states a refund of ${dollars(expected)}, but billing recorded ${dollars(got)} under ${key}. Settle the difference of ${dollars(expected - got)} with the customer.`,
    });
  }
  const due = s?.balanceDueCents ?? 0;
  const added = r?.balanceDueCents ?? 0;
  if (s?.balanceDueCents !== null && due !== added)
    found.push({
      kind: 'balance_due_differs',
      ...ref,
      expectedCents: due,
      foundCents: added,
      message:
        added === 0
          ? `The cancellation states a balance due of ${dollars(due)}, but none was added to the policy's schedule: it will never be collected. Add it as a charge.`
          : `The cancellation states a balance due of ${dollars(due)}, but the schedule bills ${dollars(added)} for it. Correct the charge to the cancellation's figure.`,
    });
  return found;
}

export async function cancellationDiscrepancies(db: Reader): Promise<Discrepancy[]> {
  const statedOf = stated(await cancellations(db));
  const recordedOf = await recorded(db);
  const streams = new Set([...statedOf.keys(), ...recordedOf.keys()]);
  return [...streams].flatMap((streamId) =>
    compare(streamId, statedOf.get(streamId), recordedOf.get(streamId)),
  );
}
