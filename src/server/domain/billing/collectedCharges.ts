import type { BusinessDate } from '../../../calendar';
import type { Db } from '../../store/db';
import type { PolicyRef } from './policyRef';

export interface CollectedCharge {
  seq: number;
  kind: string;
  dueDate: BusinessDate;
  amountCents: number;
  paidOn: BusinessDate;
  chargeId: string | null;
  method: 'card' | 'bank' | null;
  last4: string | null;
}

// What billing collected after the purchase (docs/billing.md), for the policy's payments list: every paid
// instalment but the first, which the purchase's charge paid, and every extra charge paid (a balance due, a
// reinstatement charge), oldest first.
export async function collectedCharges(db: Db, ref: PolicyRef): Promise<CollectedCharge[]> {
  const rows = await db
    .selectFrom('billing_instalments as i')
    .innerJoin('billing_accounts as a', (j) =>
      j.onRef('a.line', '=', 'i.line').onRef('a.policy_number', '=', 'i.policy_number'),
    )
    .select([
      'i.seq',
      'i.kind',
      'i.due_date',
      'i.amount_cents',
      'i.paid_on',
      'i.charge_id',
      'a.method',
      'a.last4',
    ])
    .where('i.line', '=', ref.line)
    .where('i.policy_number', '=', ref.policyNumber)
    .where('i.status', '=', 'paid')
    .where('i.seq', '>', 1)
    .orderBy('i.paid_on')
    .orderBy('i.seq')
    .execute();
  return rows.map((r) => ({
    seq: r.seq,
    kind: r.kind,
    dueDate: r.due_date,
    amountCents: r.amount_cents,
    paidOn: r.paid_on ?? r.due_date,
    chargeId: r.charge_id,
    method: r.method === 'bank' ? 'bank' : r.method === 'card' ? 'card' : null,
    last4: r.last4,
  }));
}
