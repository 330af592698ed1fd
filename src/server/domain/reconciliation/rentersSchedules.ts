import { sql } from 'kysely';
import { formatBusinessDate, type BusinessDate } from '../../../calendar';
import type { Reader } from './reader';
import { RENTERS_POLICY_STREAM } from '../rentersPolicies/rentersPolicyEvents';
import { dollars, type Discrepancy } from './discrepancies';

// A renters policy's first term against the rating its issue event states (docs/rating.md "Renters
// payments"): the first payment as charged on the effective date, then the rating's next bill on each later
// due date of a monthly term; and the rating's payments add up to its total (premium, taxes and fees). A
// renewed term is priced by the renewal, not the sale.

interface RowOff {
  policy_number: string;
  seq: number;
  due_date: BusinessDate;
  amount_cents: number;
  expected: number | null;
}

interface TotalOff {
  policy_number: string;
  total_cents: number;
  payments_cents: number;
}

// Each sale's figures, read from its issue event once (materialized: the event's JSON is not read again for
// every instalment it is compared with). A policy without a billing account has no instalments to compare.
const issued = sql`
  issued as materialized (
    select e.stream_id as policy_number, e.data->>'effectiveDate' as eff, e.data->>'expirationDate' as exp,
           e.data->>'termInterval' as term_interval, (e.data->>'totalCents')::int as total_cents,
           (e.data->'payment'->>'amountCents')::int as first_cents,
           (e.data->'nextBill'->>'amountCents')::int as next_cents
      from events e
     where e.stream_type = ${RENTERS_POLICY_STREAM} and e.type = 'renters.policyIssued'
       and exists (select 1 from billing_accounts a where a.line = 'renters' and a.policy_number = e.stream_id))`;

async function rowsOff(db: Reader): Promise<RowOff[]> {
  const { rows } = await sql<RowOff>`
    with ${issued},
    schedule as materialized (
      select policy_number, seq, due_date, amount_cents
        from billing_instalments where line = 'renters' and kind = 'instalment')
    select s.policy_number, i.seq, i.due_date, i.amount_cents,
           case when i.due_date = s.eff then s.first_cents else s.next_cents end as expected
      from issued s
      join schedule i on i.policy_number = s.policy_number
     where i.due_date >= s.eff and i.due_date < s.exp
       and i.amount_cents is distinct from (case when i.due_date = s.eff then s.first_cents else s.next_cents end)
     order by s.policy_number, i.seq`.execute(db);
  return rows;
}

async function totalsOff(db: Reader): Promise<TotalOff[]> {
  const { rows } = await sql<TotalOff>`
    with ${issued}
    select policy_number, total_cents, payments_cents
      from (select s.policy_number, s.total_cents,
                   s.first_cents + case when s.term_interval = 'monthly' and s.next_cents is not null
                                        then 11 * s.next_cents else 0 end as payments_cents
              from issued s) t
     where payments_cents <> total_cents
     order by policy_number`.execute(db);
  return rows;
}

export async function rentersScheduleDiscrepancies(db: Reader): Promise<Discrepancy[]> {
  const rows = await rowsOff(db);
  const totals = await totalsOff(db);
  return [
    ...rows.map((row): Discrepancy => ({
      kind: 'schedule_differs',
      line: 'renters',
      policyNumber: row.policy_number,
      expectedCents: row.expected,
      foundCents: row.amount_cents,
      message:
        row.expected === null
          ? `Instalment ${row.seq} due ${formatBusinessDate(row.due_date)} bills ${dollars(row.amount_cents)}, but the rating sold this term paid in full: it has no later instalments. Void it, and refund it if it was collected.`
          : `Instalment ${row.seq} due ${formatBusinessDate(row.due_date)} bills ${dollars(row.amount_cents)}, but the rating the policy was sold at bills ${dollars(row.expected)}. Correct the schedule to the price sold, and refund or bill the difference of what was collected.`,
    })),
    ...totals.map((row): Discrepancy => ({
      kind: 'schedule_differs',
      line: 'renters',
      policyNumber: row.policy_number,
      expectedCents: row.total_cents,
      foundCents: row.payments_cents,
      message: `The sale's first payment and later instalments add up to ${dollars(row.payments_cents)}, but its rating totals ${dollars(row.total_cents)} (premium, taxes and fees). Check the rating of the sale before the term's instalments are collected.`,
    })),
  ];
}
