import { sql } from 'kysely';
import type { Reader } from './reader';
import type { RefundRecorded } from '../billing/billingEvents';
import { BILLING_STREAM, billingStreamId, refOfStreamId, type PolicyLine } from '../billing/policyRef';
import { CORRECTION_PAYMENT_KEY } from '../billing/correctionRefundKeys';
import { dollars, type Discrepancy } from './discrepancies';

// The payment service's refunds against the parts the billing streams recorded as sent (docs/payments.md
// "Where a refund goes"): every refund the service made under a policy's refund keys (a pet cancellation's
// policy:<policy>:cancellation-refund, a renters change's renters:<policy>:<version>:refund, a correction's
// policy:<policy>:correction:<what>, each with its :attempt-N and :part-N) is a part billing recorded, to the
// same charge for the same amount, and every part recorded is a refund the service made. Refunds are few (one
// per cancellation), so both sides are read whole.

export interface ServiceRefund {
  line: PolicyLine;
  policyNumber: string;
  key: string;
  chargeId: string;
  amountCents: number;
  refundId: string;
}

export interface RecordedPart {
  streamId: string;
  key: string;
  // Null for a refund done before refunds were split: it went whole to the purchase's charge.
  chargeId: string | null;
  amountCents: number;
  refundId: string;
}

// The ok refunds of the payment service with the billed policy their key names (a policy from before billing
// has no stream to have recorded them), as a query the ledger's check sums up too.
interface ServiceRefundRow {
  line: PolicyLine;
  policy_number: string;
  key: string;
  charge_id: string;
  amount_cents: number;
  refund_id: string;
}

export const serviceRefundRows = sql<ServiceRefundRow>`
  select k.line, k.policy_number, k.key, k.charge_id, k.amount_cents, k.refund_id
    from (select r.idempotency_key as key, r.charge_id, r.amount_cents, r.refund_id,
                 case when r.idempotency_key like 'policy:%' then 'pet' else 'renters' end as line,
                 coalesce(
                   substring(r.idempotency_key
                             from '^policy:(.+):cancellation-refund(?::attempt-[0-9]+)?(?::part-[0-9]+)?$'),
                   substring(r.idempotency_key
                             from '^renters:(.+):[0-9]+:refund(?::attempt-[0-9]+)?(?::part-[0-9]+)?$'),
                   substring(r.idempotency_key from ${CORRECTION_PAYMENT_KEY})
                 ) as policy_number
            from payment_refunds r
           where r.outcome = 'ok' and (r.idempotency_key like 'policy:%' or r.idempotency_key like 'renters:%')) k
    join billing_accounts a on a.line = k.line and a.policy_number = k.policy_number`;

export async function serviceRefunds(db: Reader): Promise<ServiceRefund[]> {
  const { rows } = await sql<ServiceRefundRow>`${serviceRefundRows} order by key`.execute(db);
  return rows.map((r) => ({
    line: r.line,
    policyNumber: r.policy_number,
    key: r.key,
    chargeId: r.charge_id,
    amountCents: r.amount_cents,
    refundId: r.refund_id,
  }));
}

// Every part the billing streams recorded as sent: a record's `sent` parts (a failed attempt's too), and a done
// record from before refunds were split, which sent its whole amount.
export async function recordedParts(db: Reader): Promise<RecordedPart[]> {
  const rows = await db
    .selectFrom('events')
    .select(['stream_id', 'data'])
    .where('stream_type', '=', BILLING_STREAM)
    .where('type', '=', 'billing.refundRecorded')
    .orderBy('position')
    .execute();
  return rows.flatMap(({ stream_id: streamId, data }): RecordedPart[] => {
    const d = data as unknown as RefundRecorded;
    if (d.sent) return d.sent.map((part) => ({ streamId, key: d.key, ...part }));
    if (d.outcome !== 'done' || !d.refundId) return [];
    return [{ streamId, key: d.key, chargeId: null, amountCents: d.amountCents, refundId: d.refundId }];
  });
}

export function refundDiscrepancies(
  service: readonly ServiceRefund[],
  recorded: readonly RecordedPart[],
): Discrepancy[] {
  const found: Discrepancy[] = [];
  const parts = new Map(recorded.map((p) => [`${p.streamId} ${p.refundId}`, p]));
  const made = new Set(service.map((r) => `${billingStreamId(r)} ${r.refundId}`));
  for (const r of service) {
    const part = parts.get(`${billingStreamId(r)} ${r.refundId}`);
    const at = { line: r.line, policyNumber: r.policyNumber, expectedCents: r.amountCents };
    const sent = `The payment service refunded ${dollars(r.amountCents)} to charge ${r.chargeId} (refund ${r.refundId}, key ${r.key})`;
    if (!part)
      found.push({
        kind: 'refund_not_recorded',
        ...at,
        foundCents: 0,
        message: `${sent}, but the policy's billing records no such part sent: the ledger does not count money the customer got back. Record it on the policy's refund.`,
      });
    else if (part.amountCents !== r.amountCents || (part.chargeId !== null && part.chargeId !== r.chargeId))
      found.push({
        kind: 'refund_differs',
        ...at,
        foundCents: part.amountCents,
        message: `${sent}, but billing recorded that part as ${dollars(part.amountCents)}${part.chargeId ? ` to charge ${part.chargeId}` : ''}. Correct the billing record to the payment service's refund.`,
      });
  }
  for (const part of recorded) {
    if (made.has(`${part.streamId} ${part.refundId}`)) continue;
    const ref = refOfStreamId(part.streamId);
    found.push({
      kind: 'refund_without_service_refund',
      ...ref,
      expectedCents: 0,
      foundCents: part.amountCents,
      message: `Billing recorded ${dollars(part.amountCents)} as sent back${part.chargeId ? ` to charge ${part.chargeId}` : ''} (refund ${part.refundId}, key ${part.key}), but the payment service made no such refund under the policy's refund keys: the customer may not have their money. Ask the payment service, and send the refund again if it was never made.`,
    });
  }
  return found;
}
