import { sql } from 'kysely';
import type { Reader } from './reader';
import { RENTERS_POLICY_STREAM } from '../rentersPolicies/rentersPolicyEvents';
import { dollars, type Discrepancy } from './discrepancies';

// The first instalment is paid by the purchase's charge (docs/billing.md "The schedule"): a pet policy's by
// the quote's charge (its share of it), a renters policy's by the charge its issue event names. That charge
// must be one the payment service took, for what the purchase says it charged.

interface FirstRow {
  policy_number: string;
  purchase_charge: string | null;
  first_charge: string | null;
  first_status: string | null;
}

interface ServiceRow {
  policy_number: string;
  purchase_charge: string;
  purchase_cents: number;
  outcome: string | null;
  service_cents: number | null;
  policies: string;
}

// Pet: each policy's first instalment against the quote's charge, and the quote's charge against the service
// (once per quote, on its first policy, naming them all).
async function petRows(db: Reader) {
  const first = await sql<FirstRow>`
    select a.policy_number, q.charge_id as purchase_charge, i.charge_id as first_charge, i.status as first_status
      from billing_accounts a
      join policies p on p.policy_number = a.policy_number
      join quotes q on q.uuid = p.quote_uuid
      left join billing_instalments i on i.line = a.line and i.policy_number = a.policy_number and i.seq = 1
     where a.line = 'pet' and q.charge_id is not null
       and (i.charge_id is distinct from q.charge_id or i.status is distinct from 'paid')`.execute(db);
  const service = await sql<ServiceRow>`
    select min(a.policy_number) as policy_number, q.charge_id as purchase_charge,
           q.charged_cents as purchase_cents, c.outcome, c.amount_cents as service_cents,
           string_agg(a.policy_number, ', ' order by a.policy_number) as policies
      from quotes q
      join policies p on p.quote_uuid = q.uuid
      join billing_accounts a on a.line = 'pet' and a.policy_number = p.policy_number
      left join payment_charges c on c.charge_id = q.charge_id
     where q.charge_id is not null
     group by q.uuid, q.charge_id, q.charged_cents, c.outcome, c.amount_cents
    having c.outcome is distinct from 'ok' or c.amount_cents is distinct from q.charged_cents`.execute(db);
  return { first: first.rows, service: service.rows };
}

async function rentersRows(db: Reader) {
  const issued = sql`
    select a.policy_number, e.data->'payment'->>'chargeId' as purchase_charge,
           (e.data->'payment'->>'amountCents')::int as purchase_cents
      from billing_accounts a
      join events e on e.stream_type = ${RENTERS_POLICY_STREAM} and e.stream_id = a.policy_number
       and e.type = 'renters.policyIssued'
     where a.line = 'renters'`;
  const first = await sql<FirstRow>`
    select s.policy_number, s.purchase_charge, i.charge_id as first_charge, i.status as first_status
      from (${issued}) s
      left join billing_instalments i on i.line = 'renters' and i.policy_number = s.policy_number and i.seq = 1
     where i.charge_id is distinct from s.purchase_charge or i.status is distinct from 'paid'`.execute(db);
  const service = await sql<ServiceRow>`
    select s.policy_number, s.purchase_charge, s.purchase_cents, c.outcome, c.amount_cents as service_cents,
           s.policy_number as policies
      from (${issued}) s
      left join payment_charges c on c.charge_id = s.purchase_charge
     where c.outcome is distinct from 'ok' or c.amount_cents is distinct from s.purchase_cents`.execute(db);
  return { first: first.rows, service: service.rows };
}

const firstDiscrepancy =
  (line: 'pet' | 'renters') =>
  (row: FirstRow): Discrepancy => ({
    kind: 'purchase_charge_differs',
    line,
    policyNumber: row.policy_number,
    expectedCents: null,
    foundCents: null,
    message: `The purchase was paid by charge ${row.purchase_charge ?? 'none'}, but the first instalment ${
      row.first_status === 'paid'
        ? `is recorded as paid by charge ${row.first_charge ?? 'none'}`
        : `is ${row.first_status ?? 'missing'}`
    }. The first instalment is the purchase's: correct the billing record to the purchase's charge.`,
  });

const serviceDiscrepancy =
  (line: 'pet' | 'renters') =>
  (row: ServiceRow): Discrepancy => ({
    kind: 'purchase_charge_differs',
    line,
    policyNumber: row.policy_number,
    expectedCents: row.purchase_cents,
    foundCents: row.outcome === 'ok' ? row.service_cents : 0,
    message: `The purchase of ${row.policies} recorded charge ${row.purchase_charge} for ${dollars(row.purchase_cents)}, but the payment service ${
      row.outcome === null
        ? 'has no such charge'
        : row.outcome === 'ok'
          ? `took ${dollars(row.service_cents ?? 0)} by it`
          : `declined it`
    }. Ask the payment service what was taken for the purchase and correct the policy's payment.`,
  });

export async function purchaseChargeDiscrepancies(db: Reader): Promise<Discrepancy[]> {
  const pet = await petRows(db);
  const renters = await rentersRows(db);
  return [
    ...pet.first.map(firstDiscrepancy('pet')),
    ...pet.service.map(serviceDiscrepancy('pet')),
    ...renters.first.map(firstDiscrepancy('renters')),
    ...renters.service.map(serviceDiscrepancy('renters')),
  ];
}
