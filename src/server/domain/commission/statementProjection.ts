import { sql } from 'kysely';
import { insertRows } from '../../store/insertRows';
import { registerProjection, type StoredEvent, type Trx } from '../../store/eventStore';
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

registerProjection(COMMISSION_STATEMENT_STREAM, project, projectMany);
