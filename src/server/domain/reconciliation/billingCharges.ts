import { sql } from 'kysely';
import type { Reader } from './reader';
import { BILLING_STREAM, refOfStreamId, type PolicyLine } from '../billing/policyRef';
import { dollars, type Discrepancy } from './discrepancies';

// The billing run's charges against what the billing streams recorded (docs/reconciliation.md): every charge
// the payment service took under a billing key (billing:<line>:<policy>:<seq>:<attempt>) is a collection of
// that instalment, with that charge id and amount, and the instalment shows it paid by that charge; every
// collection recorded has its charge. Only the disagreements come back from the database, so a large book
// costs two joins and no rows held in memory.

const KEY = /^billing:(pet|renters):(.+):(\d+):(\d+)$/;

interface ChargeRow {
  key: string;
  charge_id: string;
  amount_cents: number;
  recorded_charge: string | null;
  recorded_cents: number | null;
  row_status: string | null;
  row_charge: string | null;
}

interface CollectionRow {
  stream_id: string;
  seq: number;
  key: string;
  charge_id: string;
  amount_cents: number;
  outcome: string | null;
}

async function chargesDisagreeing(db: Reader): Promise<ChargeRow[]> {
  const { rows } = await sql<ChargeRow>`
    select c.idempotency_key as key, c.charge_id, c.amount_cents,
           e.data->>'chargeId' as recorded_charge, (e.data->>'amountCents')::int as recorded_cents,
           i.status as row_status, i.charge_id as row_charge
      from payment_charges c
      left join events e
        on e.stream_type = ${BILLING_STREAM} and e.type = 'billing.instalmentCollected'
       and e.data->>'idempotencyKey' = c.idempotency_key
      left join billing_instalments i
        on i.line = split_part(c.idempotency_key, ':', 2)
       and i.policy_number = substring(c.idempotency_key from '^billing:[^:]+:(.+):[0-9]+:[0-9]+$')
       and i.seq::text = substring(c.idempotency_key from ':([0-9]+):[0-9]+$')
     where c.outcome = 'ok' and c.idempotency_key like 'billing:%'
       and (e.position is null
            or e.data->>'chargeId' is distinct from c.charge_id
            or (e.data->>'amountCents')::int <> c.amount_cents
            or i.status is distinct from 'paid'
            or i.charge_id is distinct from c.charge_id)
     order by c.idempotency_key`.execute(db);
  return rows;
}

async function collectionsWithoutCharge(db: Reader): Promise<CollectionRow[]> {
  const { rows } = await sql<CollectionRow>`
    select e.stream_id, (e.data->>'seq')::int as seq, e.data->>'idempotencyKey' as key,
           e.data->>'chargeId' as charge_id, (e.data->>'amountCents')::int as amount_cents, c.outcome
      from events e
      left join payment_charges c on c.idempotency_key = e.data->>'idempotencyKey'
     where e.stream_type = ${BILLING_STREAM} and e.type = 'billing.instalmentCollected'
       and (c.idempotency_key is null or c.outcome <> 'ok')
     order by e.position`.execute(db);
  return rows;
}

function chargeDiscrepancy(row: ChargeRow): Discrepancy | null {
  const parsed = KEY.exec(row.key);
  // A key of another shape is no billing attempt's; it cannot be put on a policy.
  if (!parsed) return null;
  const [, line, policyNumber, seq] = parsed as unknown as [string, PolicyLine, string, string];
  const took = `The payment service took ${dollars(row.amount_cents)} for instalment ${seq} (charge ${row.charge_id}, key ${row.key})`;
  const at = { line, policyNumber, expectedCents: row.amount_cents };
  if (row.recorded_cents === null)
    return {
      kind: 'charge_not_recorded',
      ...at,
      foundCents: 0,
      message: `${took}, but the billing stream records no collection of it: the customer paid and the ledger does not show it. Record the collection on the policy's billing, or refund the charge if it was taken twice.`,
    };
  if (row.recorded_charge !== row.charge_id || row.recorded_cents !== row.amount_cents)
    return {
      kind: 'collection_differs',
      ...at,
      foundCents: row.recorded_cents,
      message: `${took}, but the billing stream recorded that collection as ${dollars(row.recorded_cents)} by charge ${row.recorded_charge ?? 'none'}. Correct the billing record to the payment service's charge.`,
    };
  return {
    kind: 'charge_not_recorded',
    ...at,
    foundCents: 0,
    message: `${took} and billing recorded the collection, but the schedule shows instalment ${seq} ${row.row_status ?? 'missing'}${row.row_charge ? ` with charge ${row.row_charge}` : ''}. Rebuild the billing projections (npm run projections:rebuild) and reconcile again.`,
  };
}

function collectionDiscrepancy(row: CollectionRow): Discrepancy {
  const ref = refOfStreamId(row.stream_id);
  return {
    kind: 'collection_without_charge',
    line: ref.line,
    policyNumber: ref.policyNumber,
    expectedCents: 0,
    foundCents: row.amount_cents,
    message: `Billing recorded instalment ${row.seq} as collected for ${dollars(row.amount_cents)} (charge ${row.charge_id}, key ${row.key}), but the payment service ${row.outcome ? `answered that key ${row.outcome}` : 'has no charge under that key'}: the ledger counts money that never arrived. Ask the payment service about the charge; if nothing was taken, the instalment is still owed.`,
  };
}

export async function billingChargeDiscrepancies(db: Reader): Promise<Discrepancy[]> {
  const [charges, collections] = await Promise.all([chargesDisagreeing(db), collectionsWithoutCharge(db)]);
  return [
    ...charges.map(chargeDiscrepancy).filter((d): d is Discrepancy => d !== null),
    ...collections.map(collectionDiscrepancy),
  ];
}
