import { sql } from 'kysely';
import type { EntityScope } from '../../../access/principal';
import type { Db } from '../../../store/db';
import type { Trx } from '../../../store/eventStore';
import type { RefundPartSent } from '../billingEvents';
import { BILLING_STREAM, billingStreamId, refOfStreamId, type PolicyRef } from '../policyRef';

// A refund as its policy's billing stream tells it (billing.refundRecorded, one event per outcome): the last
// outcome, and how many times the payment service was asked. Each ask is an attempt with its own payment key
// (attemptKey), so asking again after a refusal is a new request the service answers afresh, while a
// repeated ask of one attempt is refunded at most once.
export type RefundStatus = 'pending' | 'done' | 'failed';

export interface RefundState {
  ref: PolicyRef;
  key: string;
  amountCents: number;
  status: RefundStatus;
  reason: string | null;
  refundId: string | null;
  // The attempt of the last outcome (1 for the first ask).
  attempt: number;
  // When the last outcome was recorded.
  at: Date;
  // The parts the payment service has sent, over every attempt.
  sent: RefundPartSent[];
}

export const REFUND_RECORDED = 'billing.refundRecorded';

// The payment service's key of one attempt: the refund's own key first, then numbered.
export const attemptKey = (key: string, attempt: number) =>
  attempt <= 1 ? key : `${key}:attempt-${attempt}`;

interface RefundData {
  key: string;
  amountCents: number;
  outcome: RefundStatus;
  refundId?: string | null;
  reason?: string | null;
  sent?: RefundPartSent[];
}

// Folds the events of refunds into their states: every attempt starts with `pending`; its outcome follows.
function fold(rows: readonly { stream_id: string; data: unknown; recorded_at: Date }[]): RefundState[] {
  const states = new Map<string, RefundState>();
  const asks = new Map<string, number>();
  for (const row of rows) {
    const d = row.data as RefundData;
    const asked = (asks.get(d.key) ?? 0) + (d.outcome === 'pending' ? 1 : 0);
    asks.set(d.key, asked);
    const sent = [...(states.get(d.key)?.sent ?? []), ...(d.sent ?? [])];
    states.set(d.key, {
      ref: refOfStreamId(row.stream_id),
      key: d.key,
      amountCents: d.amountCents,
      status: d.outcome,
      reason: d.reason ?? null,
      refundId: d.refundId ?? null,
      attempt: Math.max(1, asked),
      at: row.recorded_at,
      sent,
    });
  }
  return [...states.values()];
}

const refundEvents = (db: Db | Trx) =>
  db
    .selectFrom('events')
    .select(['stream_id', 'data', 'recorded_at'])
    .where('stream_type', '=', BILLING_STREAM)
    .where('type', '=', REFUND_RECORDED)
    .orderBy('position');

// Every refund of one policy, on its stream.
export async function refundsOf(db: Db | Trx, ref: PolicyRef): Promise<RefundState[]> {
  return fold(await refundEvents(db).where('stream_id', '=', billingStreamId(ref)).execute());
}

// One refund by its key, on its policy's stream.
export async function refundState(db: Db | Trx, ref: PolicyRef, key: string): Promise<RefundState | null> {
  const rows = await refundEvents(db)
    .where('stream_id', '=', billingStreamId(ref))
    .where(sql<boolean>`data->>'key' = ${key}`)
    .execute();
  return fold(rows)[0] ?? null;
}

export interface FailedRefund extends RefundState {
  matterId: number | null;
  customerId: number | null;
  entityId: number;
}

// Every refund whose last outcome is a failure, of the policies in the scope, newest first.
export async function failedRefunds(db: Db, scope: EntityScope): Promise<FailedRefund[]> {
  const rows = await refundEvents(db)
    .where('stream_id', 'in', (eb) =>
      eb
        .selectFrom('events')
        .select('stream_id')
        .where('stream_type', '=', BILLING_STREAM)
        .where('type', '=', REFUND_RECORDED)
        .where(sql<boolean>`data->>'outcome' = 'failed'`),
    )
    .execute();
  // A refund a correction withdrew as never owed is gone from billing's list (docs/reconciliation.md
  // "Correcting what older versions billed"): nobody may ask for it again.
  const listed = new Set(
    (
      await db
        .selectFrom('billing_refunds')
        .select(['line', 'policy_number', 'key'])
        .where('outcome', '=', 'failed')
        .execute()
    ).map((r) => `${r.line}:${r.policy_number} ${r.key}`),
  );
  const failed = fold(rows).filter(
    (r) => r.status === 'failed' && listed.has(`${billingStreamId(r.ref)} ${r.key}`),
  );
  if (failed.length === 0) return [];
  const policies = await policiesInScope(
    db,
    scope,
    failed.map((r) => r.ref),
  );
  return failed
    .flatMap((r) => {
      const policy = policies.get(`${r.ref.line}:${r.ref.policyNumber}`);
      return policy ? [{ ...r, ...policy }] : [];
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

type PolicyOf = { matterId: number | null; customerId: number | null; entityId: number };

// The policies of the refs that lie in the scope (staff: all), with what a screen links them by.
export async function policiesInScope(
  db: Db | Trx,
  scope: EntityScope,
  refs: readonly PolicyRef[],
): Promise<Map<string, PolicyOf>> {
  const found = new Map<string, PolicyOf>();
  const pet = refs.filter((r) => r.line === 'pet').map((r) => r.policyNumber);
  const renters = refs.filter((r) => r.line === 'renters').map((r) => r.policyNumber);
  const path = scope.kind === 'subtree' ? `${scope.path}%` : null;
  if (pet.length > 0) {
    let q = db
      .selectFrom('policies as p')
      .innerJoin('entities as e', 'e.id', 'p.entity_id')
      .select(['p.policy_number', 'p.matter_id', 'p.entity_id'])
      .where('p.policy_number', 'in', pet);
    if (path) q = q.where('e.path', 'like', path);
    for (const row of await q.execute())
      found.set(`pet:${row.policy_number}`, {
        matterId: row.matter_id,
        customerId: null,
        entityId: row.entity_id,
      });
  }
  if (renters.length > 0) {
    let q = db
      .selectFrom('renters_policies as p')
      .innerJoin('entities as e', 'e.id', 'p.entity_id')
      .select(['p.policy_number', 'p.matter_id', 'p.customer_id', 'p.entity_id'])
      .where('p.policy_number', 'in', renters);
    if (path) q = q.where('e.path', 'like', path);
    for (const row of await q.execute())
      found.set(`renters:${row.policy_number}`, {
        matterId: row.matter_id,
        customerId: row.customer_id,
        entityId: row.entity_id,
      });
  }
  return found;
}
