import { sql } from 'kysely';
import { isEditable, type StatementState } from '../../../machines/commissionStatement';
import type { EntityScope } from '../../access/principal';
import type { Db } from '../../store/db';
import { execute, loadAggregate } from '../../store/aggregate';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { lockEntityRules } from './commissionRuleChecks';
import { entityRules } from './commissionRuleQueries';
import { commissionableEventsOfMonth } from './commissionableEvents';
import { statementAggregate } from './statementAggregate';
import type { StatementGenerated } from './statementEvents';
import { statementFigures, type CommissionableEvent, type StatementLine } from './statementLines';

// Statement generation (issue 7 "Statements"; docs/commission.md): one statement per entity and month from
// the month's commissionable policy events and the rules in force on each event's day. Idempotent: running
// it again creates nothing, recalculates a pending statement whose figures changed, and leaves an approved or
// paid one as the reviewer saw it (reported, so a late event is not lost from sight).

export interface GenerateOutcome {
  month: string;
  created: number;
  recalculated: number;
  unchanged: number;
  kept: { id: number; entityCode: string; reason: string }[];
}

async function nextStatementId(trx: Trx): Promise<number> {
  const { rows } = await sql<{
    id: number;
  }>`select nextval('commission_statement_id_seq')::int as id`.execute(trx);
  return rows[0]!.id;
}

// Field by field: the stored lines come back from jsonb, which does not keep key order.
const lineKey = (l: StatementLine) =>
  [l.eventId, l.policyNumber, l.eventCode, l.on, l.premiumCents, l.ruleId, l.amountCents, l.explanation].join(
    '|',
  );
const sameLines = (a: readonly StatementLine[], b: readonly StatementLine[]) =>
  a.length === b.length && a.every((line, i) => lineKey(line) === lineKey(b[i]!));

export type StatementResult = 'created' | 'recalculated' | 'unchanged' | 'kept';

// Brings one entity's statement of the month in line with its events, under the entity's lock (rule edits
// and generation of the same entity take it too, so two runs never create the month twice).
export async function generateEntityStatement(
  trx: Trx,
  entityId: number,
  month: string,
  events: readonly CommissionableEvent[],
  today: string,
  metadata: EventMetadata,
): Promise<{ result: StatementResult; id: number }> {
  await lockEntityRules(trx, entityId);
  const figures = statementFigures(entityId, month, events, await entityRules(trx, entityId));
  const existing = await trx
    .selectFrom('commission_statements')
    .select(['id', 'state'])
    .where('entity_id', '=', entityId)
    .where('month', '=', month)
    .executeTakeFirst();
  if (!existing) {
    const id = await nextStatementId(trx);
    const data: StatementGenerated = {
      id,
      entityId,
      month,
      statementOn: today,
      lines: figures.lines,
      amountCents: figures.amountCents,
    };
    await execute(trx, statementAggregate, String(id), [{ type: 'statement.generated', data }], metadata);
    return { result: 'created', id };
  }
  const loaded = await loadAggregate(trx, statementAggregate, String(existing.id));
  const current = currentLines(loaded.events);
  if (sameLines(current.lines, figures.lines)) return { result: 'unchanged', id: existing.id };
  if (!isEditable(existing.state as StatementState)) return { result: 'kept', id: existing.id };
  await execute(
    trx,
    statementAggregate,
    String(existing.id),
    [
      {
        type: 'statement.recalculated',
        data: {
          statementOn: today,
          lines: figures.lines,
          amountCents: figures.amountCents,
          previousAmountCents: current.amountCents,
        },
      },
    ],
    metadata,
    loaded.version,
  );
  return { result: 'recalculated', id: existing.id };
}

// The lines and amount the statement holds now: those of its last generation or recalculation.
function currentLines(events: readonly { type: string; data: Record<string, unknown> }[]) {
  const last = events.findLast(
    (e) => e.type === 'statement.generated' || e.type === 'statement.recalculated',
  );
  return {
    lines: (last?.data.lines ?? []) as StatementLine[],
    amountCents: Number(last?.data.amountCents ?? 0),
  };
}

// Every entity of `scope` with commissionable events in the month, and every entity of it that already has
// the month's statement (its events may have gone, e.g. a rule now pays nothing), each in a transaction of
// its own. The scope is the caller's: an agency's user brings only their own subtree's statements up to
// date, so no other agency's statement changes, nor names them in its history.
export async function generateStatements(
  db: Db,
  month: string,
  today: string,
  metadata: EventMetadata,
  scope: EntityScope,
): Promise<GenerateOutcome> {
  const events = await commissionableEventsOfMonth(db, month, { scope });
  let statements = db
    .selectFrom('commission_statements as s')
    .select('s.entity_id')
    .where('s.month', '=', month);
  if (scope.kind === 'subtree') {
    statements = statements
      .innerJoin('entities as e', 'e.id', 's.entity_id')
      .where('e.path', 'like', `${scope.path}%`);
  }
  const existing = await statements.execute();
  const entityIds = [
    ...new Set([...events.map((e) => e.entityId), ...existing.map((s) => s.entity_id)]),
  ].sort((a, b) => a - b);
  const outcome: GenerateOutcome = { month, created: 0, recalculated: 0, unchanged: 0, kept: [] };
  for (const entityId of entityIds) {
    const own = events.filter((e) => e.entityId === entityId);
    const { result, id } = await db
      .transaction()
      .execute((trx) => generateEntityStatement(trx, entityId, month, own, today, metadata));
    if (result === 'kept') {
      const entity = await db
        .selectFrom('entities')
        .select('entity_code')
        .where('id', '=', entityId)
        .executeTakeFirst();
      outcome.kept.push({
        id,
        entityCode: entity?.entity_code ?? String(entityId),
        reason:
          'Its figures changed, but it is already approved: unapprove it and generate again to recalculate.',
      });
    } else outcome[result]++;
  }
  return outcome;
}
