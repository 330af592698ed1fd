import { sql } from 'kysely';
import type { EntityScope } from '../../access/principal';
import type { Db } from '../../store/db';
import type { CommissionSpecies } from '../moneyRules/commissionRates';
import type { CommissionableEvent } from './statementLines';

// The commissionable events of a month, as the written-premium projection recorded them from the policy logs
// (reports/writtenPremiumEvents.ts): commission reads the facts, not the lines' events.

export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
}
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}

// The commissionable events recorded in `month` (business days), of one entity or of the entities of a scope (all when
// neither is given), in log order: the premium adjustments (premiumAdjustmentProjection.ts) other than
// endorsements, which earn nothing.
export async function commissionableEventsOfMonth(
  db: Db,
  month: string,
  of: { entityId?: number; scope?: EntityScope } = {},
): Promise<CommissionableEvent[]> {
  const { entityId, scope } = of;
  let query = db
    .selectFrom('premium_adjustments')
    .select([
      'event_id',
      sql<string>`to_char("on", 'YYYY-MM-DD')`.as('on_day'),
      'policy_number',
      'entity_id',
      'state_code',
      'species',
      'event_code',
      'business_type',
      'premium_cents',
    ])
    .where('on', '>=', sql<Date>`${`${month}-01`}::date`)
    .where('on', '<', sql<Date>`${`${nextMonth(month)}-01`}::date`)
    .where('event_code', '<>', 'EN')
    .orderBy('event_id');
  if (entityId !== undefined) query = query.where('entity_id', '=', entityId);
  if (scope?.kind === 'subtree') {
    const path = `${scope.path}%`;
    query = query.where('entity_id', 'in', (eb) =>
      eb.selectFrom('entities').select('id').where('path', 'like', path),
    );
  }
  const rows = await query.execute();
  const reversed = await cancellationsReinstated(db, rows);
  return rows.map((row) => ({
    ...(reversed.has(Number(row.event_id)) && { reverses: reversed.get(Number(row.event_id)) }),
    eventId: Number(row.event_id),
    policyNumber: row.policy_number,
    entityId: row.entity_id,
    eventCode: row.event_code,
    businessType: row.business_type,
    stateCode: row.state_code,
    species: row.species as CommissionSpecies,
    on: row.on_day,
    premiumCents: row.premium_cents,
  }));
}

// For each reinstatement (RI) row, the cancellation (CN or FC) of its policy it undoes: the last one before
// it, from any month, so its line can give back exactly what the cancellation's line took (statementLines.ts).
async function cancellationsReinstated(
  db: Db,
  rows: readonly { event_id: number | string; policy_number: string; event_code: string }[],
): Promise<Map<number, { eventCode: string; on: string }>> {
  const reinstatements = rows.filter((row) => row.event_code === 'RI');
  const found = new Map<number, { eventCode: string; on: string }>();
  if (reinstatements.length === 0) return found;
  const cancellations = await db
    .selectFrom('premium_adjustments')
    .select([
      'event_id',
      'policy_number',
      'event_code',
      sql<string>`to_char("on", 'YYYY-MM-DD')`.as('on_day'),
    ])
    .where('policy_number', 'in', [...new Set(reinstatements.map((row) => row.policy_number))])
    .where('event_code', 'in', ['CN', 'FC'])
    .orderBy('event_id')
    .execute();
  for (const ri of reinstatements) {
    const undone = cancellations.findLast(
      (c) => c.policy_number === ri.policy_number && Number(c.event_id) < Number(ri.event_id),
    );
    if (undone) found.set(Number(ri.event_id), { eventCode: undone.event_code, on: undone.on_day });
  }
  return found;
}
