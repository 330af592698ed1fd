import { sql } from 'kysely';
import { registerProjection, type StoredEvent, type Trx } from '../../store/eventStore';
import {
  COMMISSION_STATEMENT_STREAM,
  OverrideData,
  OverrideDeleted,
  StatementGenerated,
  StatementMarkedPaid,
  StatementRecalculated,
} from './statementEvents';

// Read tables commission_statements, commission_statement_lines and commission_statement_overrides, kept in
// step with the commission_statement stream in the appending transaction.
type Line = StatementGenerated['lines'][number];

async function replaceLines(trx: Trx, statementId: number, lines: readonly Line[]) {
  await trx.deleteFrom('commission_statement_lines').where('statement_id', '=', statementId).execute();
  // In chunks: a big agency's month may hold thousands of lines, and one statement has a parameter limit.
  for (let i = 0; i < lines.length; i += 500) {
    await trx
      .insertInto('commission_statement_lines')
      .values(
        lines.slice(i, i + 500).map((line, j) => ({
          statement_id: statementId,
          line_no: i + j + 1,
          event_id: line.eventId,
          policy_number: line.policyNumber,
          event_code: line.eventCode,
          on: line.on,
          premium_cents: line.premiumCents,
          rule_id: line.ruleId,
          amount_cents: line.amountCents,
          explanation: line.explanation,
        })),
      )
      .execute();
  }
}

// The override total and payment total follow the amount and the live overrides.
async function retotal(trx: Trx, statementId: number) {
  await sql`update commission_statements s
    set override_total_cents = o.total, payment_total_cents = s.amount_cents + o.total
    from (select coalesce(sum(amount_cents), 0) as total from commission_statement_overrides
          where statement_id = ${statementId} and not deleted) o
    where s.id = ${statementId}`.execute(trx);
}

async function project(trx: Trx, event: StoredEvent): Promise<void> {
  const id = Number(event.streamId);
  const at = event.recordedAt;
  const by = event.metadata.userId;
  const touch = { version: event.version, updated_at: at };
  const update = (values: Record<string, unknown>) =>
    trx
      .updateTable('commission_statements')
      .set({ ...touch, ...values })
      .where('id', '=', id)
      .execute();
  switch (event.type) {
    case 'statement.generated': {
      const e = StatementGenerated.parse(event.data);
      await trx
        .insertInto('commission_statements')
        .values({
          id,
          entity_id: e.entityId,
          month: e.month,
          state: 'pending',
          amount_cents: e.amountCents,
          override_total_cents: 0,
          payment_total_cents: e.amountCents,
          line_count: e.lines.length,
          statement_on: e.statementOn,
          created_at: at,
          ...touch,
        })
        .execute();
      await replaceLines(trx, id, e.lines);
      return;
    }
    case 'statement.recalculated': {
      const e = StatementRecalculated.parse(event.data);
      await update({ amount_cents: e.amountCents, line_count: e.lines.length, statement_on: e.statementOn });
      await replaceLines(trx, id, e.lines);
      await retotal(trx, id);
      return;
    }
    case 'statement.overrideAdded': {
      const o = OverrideData.parse(event.data);
      await trx
        .insertInto('commission_statement_overrides')
        .values({
          id: o.overrideId,
          statement_id: id,
          type_code: o.typeCode,
          amount_cents: o.amountCents,
          note: o.note,
          deleted: false,
          created_at: at,
          created_by: by,
          updated_at: at,
          updated_by: by,
        })
        .execute();
      await update({});
      await retotal(trx, id);
      return;
    }
    case 'statement.overrideUpdated': {
      const o = OverrideData.parse(event.data);
      await trx
        .updateTable('commission_statement_overrides')
        .set({
          type_code: o.typeCode,
          amount_cents: o.amountCents,
          note: o.note,
          updated_at: at,
          updated_by: by,
        })
        .where('id', '=', o.overrideId)
        .execute();
      await update({});
      await retotal(trx, id);
      return;
    }
    case 'statement.overrideDeleted': {
      const { overrideId } = OverrideDeleted.parse(event.data);
      await trx
        .updateTable('commission_statement_overrides')
        .set({ deleted: true, updated_at: at, updated_by: by })
        .where('id', '=', overrideId)
        .execute();
      await update({});
      await retotal(trx, id);
      return;
    }
    case 'statement.approved':
      await update({ state: 'approved', reviewed_at: at, reviewed_by: by });
      return;
    case 'statement.unapproved':
      await update({ state: 'pending', reviewed_at: null, reviewed_by: null });
      return;
    case 'statement.markedPaid': {
      const e = StatementMarkedPaid.parse(event.data);
      await update({
        state: 'paid',
        paid_on: e.paidOn,
        paid_by: by,
        payment_amount_cents: e.paymentAmountCents,
      });
      return;
    }
    case 'statement.markedUnpaid':
      await update({ state: 'approved', paid_on: null, paid_by: null, payment_amount_cents: null });
      return;
    case 'statement.downloaded':
      await update({ downloaded_at: at });
      return;
  }
}

registerProjection(COMMISSION_STATEMENT_STREAM, project);
