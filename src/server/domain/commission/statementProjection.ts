import { sql } from 'kysely';
import { insertRows } from '../../store/insertRows';
import { type ProjectionSpec, type StoredEvent, type Trx } from '../../store/eventStore';
import { COMMISSION_STATEMENT_STREAM } from './statementEvents';
import { effectOf, lineRows, statementRowsOf } from './statementRows';

// Read tables commission_statements, commission_statement_lines and commission_statement_overrides, kept in
// step with the commission_statement stream in the appending transaction. What each event changes is worked
// out in statementRows.ts; this writes it.

// The override total and payment total follow the amount and the live overrides.
async function retotal(trx: Trx, statementId: number) {
  await sql`update commission_statements s
    set override_total_cents = o.total, payment_total_cents = s.amount_cents + o.total
    from (select coalesce(sum(amount_cents), 0) as total from commission_statement_overrides
          where statement_id = ${statementId} and not deleted) o
    where s.id = ${statementId}`.execute(trx);
}

async function project(trx: Trx, event: StoredEvent): Promise<void> {
  const effect = effectOf(event);
  if (!effect) return;
  const id = Number(event.streamId);
  if (effect.insert) await trx.insertInto('commission_statements').values(effect.insert).execute();
  if (effect.set)
    await trx.updateTable('commission_statements').set(effect.set).where('id', '=', id).execute();
  if (effect.lines) {
    await trx.deleteFrom('commission_statement_lines').where('statement_id', '=', id).execute();
    // A big agency's month may hold thousands of lines: insertRows keeps each statement under the parameter limit.
    await insertRows(trx, 'commission_statement_lines', lineRows(id, effect.lines));
  }
  if (effect.addOverride)
    await trx.insertInto('commission_statement_overrides').values(effect.addOverride).execute();
  if (effect.changeOverride) {
    const { id: overrideId, set } = effect.changeOverride;
    await trx.updateTable('commission_statement_overrides').set(set).where('id', '=', overrideId).execute();
  }
  if (effect.retotal) await retotal(trx, id);
}

// Whole streams folded in memory, then inserted a table at a time; the totals come out of the fold.
async function projectMany(trx: Trx, streams: readonly (readonly StoredEvent[])[]): Promise<void> {
  const folded = streams.map(statementRowsOf);
  await insertRows(
    trx,
    'commission_statements',
    folded.flatMap((rows) => (rows.statement ? [rows.statement] : [])),
  );
  await insertRows(
    trx,
    'commission_statement_lines',
    folded.flatMap((rows) => rows.lines),
  );
  await insertRows(
    trx,
    'commission_statement_overrides',
    folded.flatMap((rows) => rows.overrides),
  );
}

// Events just appended to many statements, one each (a bulk command's batch): the columns a kind of change
// sets are written for all its statements in one UPDATE, as the per-event form would write them one by one.
// An event that changes more than the statement's row goes through the per-event form, and so do all of
// them when a statement has several, whose order matters.
async function projectAppended(trx: Trx, events: readonly StoredEvent[]): Promise<void> {
  if (new Set(events.map((e) => e.streamId)).size !== events.length) {
    for (const event of events) await project(trx, event);
    return;
  }
  const groups = new Map<string, { columns: string[]; records: Record<string, unknown>[] }>();
  for (const event of events) {
    const effect = effectOf(event);
    if (!effect) continue;
    const { set, ...more } = effect;
    if (!set || Object.values(more).some((v) => v !== undefined)) {
      await project(trx, event);
      continue;
    }
    // A column left undefined is left alone, as kysely's set() leaves it.
    const columns = Object.entries(set)
      .filter(([, value]) => value !== undefined)
      .map(([column]) => column)
      .sort();
    const key = columns.join(',');
    const group = groups.get(key) ?? { columns, records: [] };
    groups.set(key, group);
    group.records.push({ ...set, id: Number(event.streamId) });
  }
  for (const { columns, records } of groups.values()) {
    // The records take the table's row type, so each value is cast as its column is.
    await sql`update commission_statements s
      set ${sql.join(columns.map((c) => sql`${sql.ref(c)} = ${sql.ref(`v.${c}`)}`))}
      from json_populate_recordset(null::commission_statements, ${JSON.stringify(records)}::json) v
      where s.id = v.id`.execute(trx);
  }
}

export const statementProjection: ProjectionSpec = {
  streamType: COMMISSION_STATEMENT_STREAM,
  each: project,
  bulk: projectMany,
  appended: projectAppended,
};
