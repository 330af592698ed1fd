import type { BulkRefusal, BulkStatementResult } from '../../../api/schemas/commissionStatements';
import type { StatementCommand } from '../../../machines/commissionStatement';
import type { EntityScope } from '../../access/principal';
import { isRefusalOrConflict } from '../domainErrors';
import { CommandRejectedError } from '../../store/aggregate';
import type { Db } from '../../store/db';
import { VersionConflictError, type EventMetadata } from '../../store/eventStore';
import { BatchConflictError, runStatementBatch } from './statementBatch';
import { runStatementCommand } from './statementCommands';
import { statementQuery, type StatementSearchFilters } from './statementSearch';

// Bulk approve, unapprove, mark paid and mark unpaid by selected ids or by filter (SPEC §3, §4). Each row
// moves or is refused as the single statement command would move or refuse it, so one row's refusal neither
// stops nor undoes the others, and every row that cannot move is reported with its reason. Rows go a batch
// per transaction (statementBatch.ts); a batch that a concurrent writer got in the way of is done again one
// row per transaction through the single command, so every row still ends as if it had been alone.

const DEFAULT_STEP = 500;
// Statements per transaction: a batch's reads, insert and update stay one statement each.
const BATCH = 500;

export interface Target {
  id: number;
  entity_code: string;
  month: string;
}

function reasonOf(error: unknown): string | null {
  if (isRefusalOrConflict(error)) return error.message;
  if (error instanceof VersionConflictError) return 'Changed by someone else at the same moment; try again.';
  if (error instanceof CommandRejectedError) return 'Not allowed in the statement’s current state.';
  return null;
}

interface Outcome {
  affected: number;
  refused: BulkRefusal[];
}

function refusalOf(target: Target, error: unknown): BulkRefusal {
  const message = reasonOf(error);
  if (message === null) throw error;
  return { id: target.id, entity_code: target.entity_code, statement_month: target.month, message };
}

// One transaction per row through the single command: the path every row took before batches, and the one
// a batch falls back to.
export async function runOneByOne(
  db: Db,
  targets: readonly Target[],
  command: StatementCommand,
  today: string,
  metadata: EventMetadata,
): Promise<Outcome> {
  let affected = 0;
  const refused: BulkRefusal[] = [];
  for (const target of targets) {
    try {
      await db
        .transaction()
        .execute((trx) => runStatementCommand(trx, target.id, command, { today, metadata }));
      affected++;
    } catch (error) {
      refused.push(refusalOf(target, error));
    }
  }
  return { affected, refused };
}

async function runBatch(
  db: Db,
  targets: readonly Target[],
  command: StatementCommand,
  today: string,
  metadata: EventMetadata,
): Promise<Outcome> {
  let outcomes: (Error | null)[] | null;
  try {
    const ids = targets.map((t) => t.id);
    outcomes = await db
      .transaction()
      .execute((trx) => runStatementBatch(trx, ids, command, { today, metadata }));
  } catch (error) {
    if (!(error instanceof BatchConflictError)) throw error;
    outcomes = null;
  }
  if (outcomes === null) return runOneByOne(db, targets, command, today, metadata);
  const refused: BulkRefusal[] = [];
  for (const [i, error] of outcomes.entries()) if (error) refused.push(refusalOf(targets[i]!, error));
  return { affected: outcomes.length - refused.length, refused };
}

async function runOn(
  db: Db,
  targets: readonly Target[],
  command: StatementCommand,
  today: string,
  metadata: EventMetadata,
): Promise<Outcome> {
  let affected = 0;
  const refused: BulkRefusal[] = [];
  for (let i = 0; i < targets.length; i += BATCH) {
    const outcome = await runBatch(db, targets.slice(i, i + BATCH), command, today, metadata);
    affected += outcome.affected;
    refused.push(...outcome.refused);
  }
  return { affected, refused };
}

const targetsOf = (db: Db, filter: StatementSearchFilters, scope: EntityScope) =>
  statementQuery(db, filter, scope).select(['s.id', 'e.entity_code', 's.month']).orderBy('s.id');

export async function bulkByIds(
  db: Db,
  ids: readonly number[],
  scope: EntityScope,
  command: StatementCommand,
  today: string,
  metadata: EventMetadata,
): Promise<BulkStatementResult> {
  const unique = [...new Set(ids)];
  const found = await targetsOf(db, {}, scope).where('s.id', 'in', unique).execute();
  const known = new Set(found.map((t) => t.id));
  const { affected, refused } = await runOn(db, found, command, today, metadata);
  // Ids outside the caller's scope are answered as unknown, so other agencies' ids are not confirmed.
  for (const id of unique.filter((i) => !known.has(i))) {
    refused.push({ id, entity_code: '', statement_month: '', message: 'No such statement.' });
  }
  return { affected, matched: found.length, total: unique.length, refused, next_after_id: null };
}

// By filter: the rows matching it with ids after `afterId`, `batch` at a time when asked (the answer names
// where to continue), else all of them in steps.
export async function bulkByFilter(
  db: Db,
  filter: StatementSearchFilters,
  scope: EntityScope,
  command: StatementCommand,
  today: string,
  metadata: EventMetadata,
  step: { afterId?: number; batch?: number },
): Promise<BulkStatementResult> {
  let after = step.afterId ?? 0;
  const counted = await statementQuery(db, filter, scope)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('s.id', '>', after)
    .executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const result: BulkStatementResult = { affected: 0, matched: 0, total, refused: [], next_after_id: null };
  for (;;) {
    const limit = step.batch ?? DEFAULT_STEP;
    const targets = await targetsOf(db, filter, scope).where('s.id', '>', after).limit(limit).execute();
    const { affected, refused } = await runOn(db, targets, command, today, metadata);
    result.affected += affected;
    result.matched += targets.length;
    result.refused.push(...refused);
    const more = targets.length === limit;
    if (more) after = targets.at(-1)!.id;
    if (step.batch !== undefined) {
      result.next_after_id = more ? after : null;
      return result;
    }
    if (!more) return result;
  }
}
