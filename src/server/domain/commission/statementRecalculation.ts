import { isEditable, type StatementState } from '../../../machines/commissionStatement';
import { notFound, Refused } from '../domainErrors';
import { loadAggregate } from '../../store/aggregate';
import { VersionConflictError, type Trx } from '../../store/eventStore';
import type { CommandContext } from './statementCommands';
import { lockEntityRules } from './commissionRuleChecks';
import { commissionableEventsOfMonth } from './commissionableEvents';
import { generateEntityStatement, type StatementResult } from './generateStatements';
import { statementAggregate } from './statementAggregate';

// Recalculate one statement (docs/decisions/014): its month's commissionable events read again inside the
// transaction, under the entity's lock that generation and rule writes take, so what the reviewer approves
// next is what the log holds now. Only a pending statement is recalculated; an approved one is unapproved
// first, as generation leaves it (docs/commission.md).

export const NOT_PENDING_FOR_RECALCULATION =
  'Only a pending statement can be recalculated: unapprove it first.';

export async function recalculateStatement(
  trx: Trx,
  statementId: number,
  { today, metadata, expectedVersion }: CommandContext,
): Promise<StatementResult> {
  const found = await trx
    .selectFrom('commission_statements')
    .select(['entity_id', 'month'])
    .where('id', '=', statementId)
    .executeTakeFirst();
  if (!found) throw notFound('commission statement');
  // The entity first, then the statement's row, as generation and an approval take them.
  await lockEntityRules(trx, found.entity_id);
  await trx
    .selectFrom('commission_statements')
    .select('id')
    .where('id', '=', statementId)
    .forUpdate()
    .execute();
  const loaded = await loadAggregate(trx, statementAggregate, String(statementId));
  if (expectedVersion !== undefined && expectedVersion !== loaded.version) {
    throw new VersionConflictError(statementAggregate.streamType, String(statementId), expectedVersion);
  }
  if (!isEditable(loaded.snapshot.value as StatementState)) {
    throw new Refused(NOT_PENDING_FOR_RECALCULATION);
  }
  const events = await commissionableEventsOfMonth(trx, found.month, { entityId: found.entity_id });
  const { result } = await generateEntityStatement(
    trx,
    found.entity_id,
    found.month,
    events,
    today,
    metadata,
  );
  return result;
}
