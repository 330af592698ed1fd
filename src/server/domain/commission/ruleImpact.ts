import type { RuleImpact } from '../../../api/schemas/commissionStatements';
import type { Db } from '../../store/db';
import type { EventMetadata, Trx } from '../../store/eventStore';
import type { RateRule } from '../moneyRules/commissionRates';
import { commissionableEventsOfMonth } from './commissionableEvents';
import { generateEntityStatement } from './generateStatements';
import { statementFigures } from './statementLines';

// What a rule change does to an entity's statements (issue 7 "Rate rules"): before it is saved, which
// unapproved statements it would change and by how much; once saved, those statements are recalculated in
// the same transaction. Approved and paid statements stay as the reviewer saw them.

async function pendingStatements(db: Db, entityId: number) {
  return db
    .selectFrom('commission_statements')
    .select(['id', 'month', 'amount_cents'])
    .where('entity_id', '=', entityId)
    .where('state', '=', 'pending')
    .orderBy('month')
    .execute();
}

// The entity's pending statements whose amount `rules` (the entity's rules as they would be) would change.
export async function ruleImpact(
  db: Db,
  entityId: number,
  rules: readonly RateRule[],
): Promise<RuleImpact[]> {
  const impact: RuleImpact[] = [];
  for (const statement of await pendingStatements(db, entityId)) {
    const events = await commissionableEventsOfMonth(db, statement.month, { entityId });
    const after = statementFigures(entityId, statement.month, events, rules).amountCents;
    const before = Number(statement.amount_cents);
    if (after === before) continue;
    impact.push({
      statement_id: statement.id,
      statement_month: statement.month,
      amount_before: before / 100,
      amount_after: after / 100,
      difference: (after - before) / 100,
    });
  }
  return impact;
}

// After a rule change, in its transaction: the entity's pending statements computed again.
export async function recalculatePendingStatements(
  trx: Trx,
  entityId: number,
  today: string,
  metadata: EventMetadata,
): Promise<void> {
  for (const statement of await pendingStatements(trx, entityId)) {
    const events = await commissionableEventsOfMonth(trx, statement.month, { entityId });
    await generateEntityStatement(trx, entityId, statement.month, events, today, metadata);
  }
}
