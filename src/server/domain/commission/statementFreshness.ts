import { sql } from 'kysely';
import type { Staleness } from '../../../machines/commissionStatement';
import type { Db } from '../../store/db';
import { entityRules } from './commissionRuleQueries';
import { commissionableEventsOfMonth } from './commissionableEvents';
import { statementFigures, type StatementLine } from './statementLines';

// Whether a statement still holds every commissionable event of its month (docs/decisions/014). Every such
// event becomes a line, and rule writes recalculate pending statements in their own transaction, so a
// statement is out of date exactly when a commissionable event of its entity and month (a premium
// adjustment other than an endorsement, which earns nothing) has no line on it. Worked out when read rather
// than kept as a flag: a sale's transaction writes nothing of the statement's, and no flag can drift from
// the log, whichever path appended the sale.

export interface OutOfDate extends Staleness {
  // The amount the statement would have if recalculated now (cents).
  amountCents: number;
  // The lines recalculation would add: one per missing event, with the rule and amount it pays.
  missingLines: StatementLine[];
}

export interface StatementKey {
  id: number;
  entity_id: number;
  month: string;
  amount_cents: string | number;
}

// How many commissionable events each statement lacks, for many statements at once (a bulk approve's batch);
// statements lacking none are left out.
export async function missingEventCounts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: number; missing: string | number }>`
    select s.id, count(*) as missing
    from commission_statements s
    join premium_adjustments pa
      on pa.entity_id = s.entity_id
      and pa."on" >= to_date(s.month, 'YYYY-MM')
      and pa."on" < (to_date(s.month, 'YYYY-MM') + interval '1 month')::date
      and pa.event_code <> 'EN'
    where s.id in (${sql.join(ids)})
      and not exists (
        select 1 from commission_statement_lines l where l.statement_id = s.id and l.event_id = pa.event_id
      )
    group by s.id`.execute(db);
  return new Map(rows.map((r) => [Number(r.id), Number(r.missing)]));
}

// What recalculating the statement now would change: the missing events' lines and the difference in its
// amount; null when it is up to date. The rules are applied as generation applies them (statementFigures).
export async function outOfDate(db: Db, statement: StatementKey): Promise<OutOfDate | null> {
  const counts = await missingEventCounts(db, [statement.id]);
  if (!counts.get(statement.id)) return null;
  const [events, rules, stored] = await Promise.all([
    commissionableEventsOfMonth(db, statement.month, { entityId: statement.entity_id }),
    entityRules(db, statement.entity_id),
    db
      .selectFrom('commission_statement_lines')
      .select('event_id')
      .where('statement_id', '=', statement.id)
      .execute(),
  ]);
  const figures = statementFigures(statement.entity_id, statement.month, events, rules);
  const held = new Set(stored.map((l) => Number(l.event_id)));
  const missingLines = figures.lines.filter((line) => !held.has(line.eventId));
  if (missingLines.length === 0) return null;
  return {
    missingEvents: missingLines.length,
    differenceCents: figures.amountCents - Number(statement.amount_cents),
    amountCents: figures.amountCents,
    missingLines,
  };
}

// The staleness of each of many statements, looked into only for those the cheap count finds lacking.
export async function outOfDateOf(
  db: Db,
  statements: readonly StatementKey[],
): Promise<Map<number, OutOfDate>> {
  const counts = await missingEventCounts(
    db,
    statements.map((s) => s.id),
  );
  const found = new Map<number, OutOfDate>();
  for (const statement of statements) {
    if (!counts.get(statement.id)) continue;
    const stale = await outOfDate(db, statement);
    if (stale) found.set(statement.id, stale);
  }
  return found;
}
