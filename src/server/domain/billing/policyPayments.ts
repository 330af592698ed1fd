import { sql } from 'kysely';
import type { PageMeta } from '../../../api/schemas/paging';
import type { Db } from '../../store/db';
import { collectedCharges } from './collectedCharges';
import { shareOfCharge } from '../moneyRules/chargeShares';

// A policy's payments: its share of the purchase's charge (one charge pays for every pet of the quote), the
// instalments and charges its billing collected after it, and the refunds of its cancellation. Amounts are positive cents; the type says which way money went.
export interface PaymentRow {
  id: string;
  date: string;
  type: 'PREMIUM' | 'REFUND';
  amountCents: number;
  method: string;
  last4: string | null;
  status: string;
  reference: string | null;
}

// What the policy itself paid: its share of the purchase's charge (null when nothing was charged).
export async function premiumPaid(db: Db, policyNumber: string): Promise<PaymentRow | null> {
  return (await premiumRows(db, policyNumber))[0] ?? null;
}

async function premiumRows(db: Db, policyNumber: string): Promise<PaymentRow[]> {
  const q = await db
    .selectFrom('policies as p')
    .innerJoin('quotes as q', 'q.uuid', 'p.quote_uuid')
    .select([
      'p.quote_uuid',
      'q.charged_cents',
      'q.charge_id',
      'q.payment_method',
      'q.payment_last4',
      'q.payment_period',
      sql<string>`to_char(p.purchase_date, 'YYYY-MM-DD')`.as('purchase_day'),
    ])
    .where('p.policy_number', '=', policyNumber)
    .executeTakeFirst();
  if (!q || q.charged_cents === null) return [];
  const pets = await db
    .selectFrom('quote_pets')
    .select(['policy_number', 'downpayment_cents', 'total_premium_cents'])
    .where('quote_uuid', '=', q.quote_uuid)
    .where('policy_number', 'is not', null)
    .orderBy('pet_index')
    .execute();
  const weights = pets.map((p) =>
    q.payment_period === 'ANNUAL' ? (p.total_premium_cents ?? 0) : (p.downpayment_cents ?? 0),
  );
  const index = Math.max(
    0,
    pets.findIndex((p) => p.policy_number === policyNumber),
  );
  return [
    {
      id: `charge:${q.charge_id ?? q.quote_uuid}`,
      date: q.purchase_day,
      type: 'PREMIUM',
      amountCents: pets.length > 0 ? shareOfCharge(q.charged_cents, weights, index) : q.charged_cents,
      method: q.payment_method === 'bank' ? 'BANK_ACCOUNT' : 'CARD',
      last4: q.payment_last4,
      status: 'PAID',
      reference: q.charge_id,
    },
  ];
}

// policy_refunds belongs to the cancellation (migration 008); read only when that table is there.
async function refundRows(db: Db, policyNumber: string, premium: PaymentRow | undefined) {
  const { rows: exists } = await sql<{ present: boolean }>`
    select to_regclass('policy_refunds') is not null as present`.execute(db);
  if (!exists[0]?.present) return [];
  const { rows } = await sql<{
    amount_cents: number;
    refunded_day: string;
    reference: string | null;
    n: string;
  }>`
    select amount_cents, to_char(refunded_on, 'YYYY-MM-DD') as refunded_day, reference,
           row_number() over (order by refunded_on, reference)::text as n
      from policy_refunds where policy_number = ${policyNumber}`.execute(db);
  const outcome = await refundOutcome(db, policyNumber);
  return rows.map((r): PaymentRow => ({
    id: `refund:${policyNumber}:${r.n}`,
    date: r.refunded_day,
    type: 'REFUND',
    amountCents: Number(r.amount_cents),
    method: premium?.method ?? 'CARD',
    last4: premium?.last4 ?? null,
    status: outcome,
    reference: r.reference,
  }));
}

const REFUND_STATUS: Readonly<Record<string, string>> = {
  pending: 'PENDING',
  done: 'REFUNDED',
  failed: 'FAILED',
};

// How the cancellation's refund stands on the policy's billing stream, so a refund the payment service refused
// does not read as refunded. A pet policy is cancelled once, so its stream holds that one refund; a policy
// from before billing keeps none and reads as refunded, as it always did.
async function refundOutcome(db: Db, policyNumber: string): Promise<string> {
  const row = await db
    .selectFrom('billing_refunds')
    .select('outcome')
    .where('line', '=', 'pet')
    .where('policy_number', '=', policyNumber)
    .executeTakeFirst();
  return REFUND_STATUS[row?.outcome ?? 'done'] ?? 'REFUNDED';
}

// What billing collected after the purchase: instalments and extra charges (collectedCharges).
async function billingRows(db: Db, policyNumber: string): Promise<PaymentRow[]> {
  const rows = await collectedCharges(db, { line: 'pet', policyNumber });
  return rows.map((r) => ({
    id: `billing:${policyNumber}:${r.seq}`,
    date: r.paidOn,
    type: 'PREMIUM',
    amountCents: r.amountCents,
    method: r.method === 'bank' ? 'BANK_ACCOUNT' : 'CARD',
    last4: r.last4,
    status: 'PAID',
    reference: r.chargeId,
  }));
}

export async function policyPayments(
  db: Db,
  policyNumber: string,
  page: number,
  limit: number,
): Promise<{ rows: PaymentRow[]; meta: PageMeta }> {
  const premiums = await premiumRows(db, policyNumber);
  const all = [
    ...premiums,
    ...(await billingRows(db, policyNumber)),
    ...(await refundRows(db, policyNumber, premiums[0])),
  ].sort((a, b) => b.date.localeCompare(a.date) || (a.type === b.type ? 0 : a.type === 'REFUND' ? -1 : 1));
  const rows = all.slice((page - 1) * limit, page * limit);
  const from = rows.length > 0 ? (page - 1) * limit + 1 : 0;
  return {
    rows,
    meta: {
      page: { number: page, limit, from, to: rows.length > 0 ? from + rows.length - 1 : 0 },
      total: all.length,
    },
  };
}
