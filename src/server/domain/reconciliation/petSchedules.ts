import { sql } from 'kysely';
import { formatBusinessDate, type BusinessDate } from '../../../calendar';
import type { Reader } from './reader';
import { BILLING_STREAM } from '../billing/policyRef';
import { shareOfCharge } from '../moneyRules/chargeShares';
import { dollars, type Discrepancy } from './discrepancies';

// A pet purchase's schedules against what checkout sold (docs/billing.md "The schedule"): the quote's pets'
// first instalments add up to what checkout charged, and on each later due date of a monthly purchase's first
// term their instalments add up to the quote's monthly payment. Renewed terms are priced by the renewal and
// are not the quote's. A quote is compared only when every one of its policies is billed.

interface DayTotal {
  quote_uuid: string;
  due_date: BusinessDate;
  first: boolean;
  total: number;
  expected: number;
}

async function daysOff(db: Reader): Promise<DayTotal[]> {
  const { rows } = await sql<DayTotal>`
    with terms as (
      select a.policy_number, p.quote_uuid, o.data->>'effectiveDate' as eff, o.data->>'expirationDate' as exp
        from billing_accounts a
        join policies p on p.policy_number = a.policy_number
        join events o on o.stream_type = ${BILLING_STREAM} and o.stream_id = 'pet:' || a.policy_number
         and o.version = 1
       where a.line = 'pet'),
    billed as (
      select t.quote_uuid from terms t group by t.quote_uuid
      having count(*) = (select count(*) from policies p where p.quote_uuid = t.quote_uuid)),
    amounts as (
      select t.quote_uuid, t.policy_number, i.due_date, i.due_date = t.eff as first,
             min(i.amount_cents) as cents, min(i.amount_cents) <> max(i.amount_cents) as uneven
        from terms t
        join billing_instalments i on i.line = 'pet' and i.policy_number = t.policy_number
       where i.kind = 'instalment' and i.due_date >= t.eff and i.due_date < t.exp
       group by 1, 2, 3, 4)
    select m.quote_uuid, m.due_date, m.first, m.total::int as total, m.expected
      from (select x.quote_uuid, x.due_date, x.first, sum(x.cents) as total, bool_or(x.uneven) as uneven,
                   case when x.first then q.charged_cents else q.monthly_installment_cents end as expected
              from amounts x
              join billed b on b.quote_uuid = x.quote_uuid
              join quotes q on q.uuid = x.quote_uuid
             where q.charged_cents is not null
               and (x.first or (q.payment_period = 'MONTHLY' and q.monthly_installment_cents is not null))
             group by x.quote_uuid, x.due_date, x.first, q.charged_cents, q.monthly_installment_cents) m
     where m.total <> m.expected or m.uneven
     order by m.quote_uuid, m.due_date`.execute(db);
  return rows;
}

interface QuotePet {
  policy_number: string | null;
  downpayment_cents: number | null;
  total_premium_cents: number | null;
  payment_period: string | null;
}

// Which of the quote's policies is off that day: each pet's instalment is its share of the day's total as the
// purchase split it (by down payments or annual premiums for the first, by annual premiums after). When the
// shares are all billed as split and the total is still off, the first policy carries it.
async function blame(db: Reader, day: DayTotal): Promise<Discrepancy[]> {
  const pets: QuotePet[] = await db
    .selectFrom('quote_pets as qp')
    .innerJoin('quotes as q', 'q.uuid', 'qp.quote_uuid')
    .select(['qp.policy_number', 'qp.downpayment_cents', 'qp.total_premium_cents', 'q.payment_period'])
    .where('qp.quote_uuid', '=', day.quote_uuid)
    .orderBy('qp.pet_index')
    .execute();
  const numbers = pets.map((p) => p.policy_number).filter((n): n is string => n !== null);
  const rows = await db
    .selectFrom('billing_instalments')
    .select(['policy_number', 'amount_cents'])
    .where('line', '=', 'pet')
    .where('policy_number', 'in', numbers.length > 0 ? numbers : [''])
    .where('kind', '=', 'instalment')
    .where('due_date', '=', day.due_date)
    .execute();
  const weights = pets.map((p) =>
    day.first && p.payment_period !== 'ANNUAL' ? (p.downpayment_cents ?? 0) : (p.total_premium_cents ?? 0),
  );
  const what = day.first ? 'what checkout charged' : "the quote's monthly payment";
  const context = `the quote's ${pets.length} pet${pets.length === 1 ? '' : 's'} are billed ${dollars(day.total)} on ${formatBusinessDate(day.due_date)}, ${what} is ${dollars(day.expected)}`;
  const off = pets.flatMap((pet, index): Discrepancy[] => {
    if (!pet.policy_number) return [];
    const share = shareOfCharge(day.expected, weights, index);
    const billed = rows.filter((r) => r.policy_number === pet.policy_number).map((r) => r.amount_cents);
    const wrong = billed.length === 0 ? null : billed.find((cents) => cents !== share);
    if (wrong === undefined) return [];
    return [
      {
        kind: 'schedule_differs',
        line: 'pet',
        policyNumber: pet.policy_number,
        expectedCents: share,
        foundCents: wrong,
        fault: { cause: 'shareOfPurchase', dueDate: day.due_date },
        message: `The ${day.first ? 'first instalment' : 'instalment'} due ${formatBusinessDate(day.due_date)} is ${
          wrong === null ? 'missing' : dollars(wrong)
        }; this pet's share is ${dollars(share)} (${context}). Correct the schedule to the price sold, and refund or bill the difference of what was collected.`,
      },
    ];
  });
  if (off.length > 0) return off;
  return [
    {
      kind: 'schedule_differs',
      line: 'pet',
      policyNumber: numbers[0] ?? '',
      expectedCents: day.expected,
      foundCents: day.total,
      message: `The instalments of ${numbers.join(', ')} due ${formatBusinessDate(day.due_date)} add up to ${dollars(day.total)}, but ${what} is ${dollars(day.expected)}. Correct the schedule to the price sold.`,
    },
  ];
}

export async function petScheduleDiscrepancies(db: Reader): Promise<Discrepancy[]> {
  const found: Discrepancy[] = [];
  for (const day of await daysOff(db)) found.push(...(await blame(db, day)));
  return found;
}
