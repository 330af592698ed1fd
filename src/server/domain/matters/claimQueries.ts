import { sql } from 'kysely';
import type { Db } from '../../store/db';

// Claims of one policy with their payments, newest loss first.
export async function listClaims(db: Db, policyNumber: string, claimId?: number) {
  const m = db;
  let query = m
    .selectFrom('claims')
    .select([
      'id',
      'claim_number',
      'status',
      'conditions',
      'description',
      'claimed_cents',
      'approved_cents',
      'paid_cents',
      sql<string>`to_char(loss_date, 'YYYY-MM-DD')`.as('loss_day'),
      sql<string>`to_char(reported_date, 'YYYY-MM-DD')`.as('reported_day'),
      'source',
      'diagnosis',
      sql<string | null>`to_char(treatment_start, 'YYYY-MM-DD')`.as('treatment_start_day'),
      sql<string | null>`to_char(treatment_end, 'YYYY-MM-DD')`.as('treatment_end_day'),
      'created_at',
      'assessed_at',
      'reassessed_at',
      'closed_at',
    ])
    .where('policy_number', '=', policyNumber);
  if (claimId !== undefined) query = query.where('id', '=', claimId);
  const claims = await query.orderBy('loss_date', 'desc').orderBy('id', 'desc').execute();
  const ids = claims.map((c) => c.id);
  const payments =
    ids.length === 0
      ? []
      : await m
          .selectFrom('claim_payments')
          .select([
            'id',
            'claim_id',
            'amount_cents',
            'method',
            'reference',
            sql<string>`to_char(paid_on, 'YYYY-MM-DD')`.as('paid_day'),
          ])
          .where('claim_id', 'in', ids)
          .orderBy('paid_on')
          .orderBy('id')
          .execute();
  return claims.map((c) => ({ ...c, payments: payments.filter((p) => p.claim_id === c.id) }));
}
