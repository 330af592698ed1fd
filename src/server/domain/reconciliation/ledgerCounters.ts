import { sql } from 'kysely';
import type { Reader } from './reader';
import { BILLING_STREAM, type PolicyLine } from '../billing/policyRef';
import { dollars, type Discrepancy } from './discrepancies';
import { serviceRefundRows } from './serviceRefunds';

// The ledger's counters against the payment service's sums (docs/billing.md "The ledger"): collected is the
// policy's share of the purchase's charge (its first instalment) and every charge the service took under the
// policy's billing keys; refunded is every refund the service made under the policy's refund keys. A fault
// found item by item (a charge nobody recorded) shows here too when it moved the counter's sum.

interface CounterRow {
  line: PolicyLine;
  policy_number: string;
  collected_cents: number;
  refunded_cents: number;
  expected_collected: number;
  expected_refunded: number;
}

export async function ledgerCounterDiscrepancies(db: Reader): Promise<Discrepancy[]> {
  const { rows } = await sql<CounterRow>`
    with charged as (
      select split_part(idempotency_key, ':', 2) as line,
             substring(idempotency_key from '^billing:[^:]+:(.+):[0-9]+:[0-9]+$') as policy_number,
             sum(amount_cents) as cents
        from payment_charges
       where outcome = 'ok' and idempotency_key like 'billing:%'
       group by 1, 2),
    refunded as (
      select line, policy_number, sum(amount_cents) as cents from (${serviceRefundRows}) r group by 1, 2)
    select a.line, a.policy_number, a.collected_cents::int as collected_cents,
           a.refunded_cents::int as refunded_cents, s.expected_collected::int as expected_collected,
           s.expected_refunded::int as expected_refunded
      from billing_accounts a
      join events o on o.stream_type = ${BILLING_STREAM} and o.stream_id = a.line || ':' || a.policy_number
       and o.version = 1
      left join charged c on c.line = a.line and c.policy_number = a.policy_number
      left join refunded r on r.line = a.line and r.policy_number = a.policy_number
      cross join lateral (
        select coalesce(case when jsonb_typeof(o.data->'firstCollected') = 'object'
                             then (o.data->'instalments'->0->>'amountCents')::bigint end, 0)
                 + coalesce(c.cents, 0) as expected_collected,
               coalesce(r.cents, 0) as expected_refunded) s
     where a.collected_cents <> s.expected_collected or a.refunded_cents <> s.expected_refunded
     order by a.line, a.policy_number`.execute(db);
  return rows.flatMap((row) => {
    const at = { line: row.line, policyNumber: row.policy_number };
    const found: Discrepancy[] = [];
    if (row.collected_cents !== row.expected_collected)
      found.push({
        kind: 'ledger_collected_differs',
        ...at,
        expectedCents: row.expected_collected,
        foundCents: row.collected_cents,
        message: `The ledger shows ${dollars(row.collected_cents)} collected, but the payment service took ${dollars(row.expected_collected)} for this policy (its share of the purchase's charge and the billing charges). The owed or credit the Payments tab shows is off by ${dollars(row.expected_collected - row.collected_cents)}: look for the charge listed beside this line, or rebuild the billing projections if there is none.`,
      });
    if (row.refunded_cents !== row.expected_refunded)
      found.push({
        kind: 'ledger_refunded_differs',
        ...at,
        expectedCents: row.expected_refunded,
        foundCents: row.refunded_cents,
        message: `The ledger shows ${dollars(row.refunded_cents)} refunded, but the payment service refunded ${dollars(row.expected_refunded)} under this policy's refund keys. The owed or credit the Payments tab shows is off by ${dollars(row.refunded_cents - row.expected_refunded)}: look for the refund listed beside this line, or rebuild the billing projections if there is none.`,
      });
    return found;
  });
}
