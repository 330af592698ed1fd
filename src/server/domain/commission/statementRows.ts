import type { Insertable, Updateable } from 'kysely';
import type { StoredEvent } from '../../store/eventStore';
import {
  OverrideData,
  OverrideDeleted,
  StatementGenerated,
  StatementMarkedPaid,
  StatementRecalculated,
} from './statementEvents';
import type {
  CommissionStatementLinesTable,
  CommissionStatementOverridesTable,
  CommissionStatementsTable,
} from '../../store/tables/statementTables';

// The rows of the commission_statement stream's read tables, as pure functions of its events: what one event
// changes (the per-event projection writes that with SQL) and what a whole stream ends as (a bulk replay
// inserts that), so both read the events the same way.

export type StatementRow = Insertable<CommissionStatementsTable>;
export type LineRow = Insertable<CommissionStatementLinesTable>;
export type OverrideRow = Insertable<CommissionStatementOverridesTable>;
type Line = StatementGenerated['lines'][number];

export interface StatementEffect {
  // The row the stream starts with, or the columns an event sets on it.
  insert?: StatementRow;
  set?: Updateable<CommissionStatementsTable>;
  // Lines are replaced whole.
  lines?: readonly Line[];
  addOverride?: OverrideRow;
  changeOverride?: { id: number; set: Updateable<CommissionStatementOverridesTable> };
  // The override and payment totals follow the amount and the live overrides.
  retotal?: boolean;
}

// What one event does to the statement's rows; null for an event the read tables do not show.
export function effectOf(event: StoredEvent): StatementEffect | null {
  const id = Number(event.streamId);
  const at = event.recordedAt;
  // Metadata comes back from the log as unchecked JSON: a missing user reads as none, in SQL and in a fold alike.
  const by = event.metadata.userId ?? null;
  const touch = { version: event.version, updated_at: at };
  switch (event.type) {
    case 'statement.generated': {
      const e = StatementGenerated.parse(event.data);
      // Every column, so that many rows insert as one statement of one width.
      const insert: StatementRow = {
        id,
        entity_id: e.entityId,
        month: e.month,
        state: 'pending',
        amount_cents: e.amountCents,
        override_total_cents: 0,
        payment_total_cents: e.amountCents,
        line_count: e.lines.length,
        payment_amount_cents: null,
        paid_on: null,
        paid_by: null,
        statement_on: e.statementOn,
        reviewed_at: null,
        reviewed_by: null,
        downloaded_at: null,
        created_at: at,
        ...touch,
      };
      return { insert, lines: e.lines };
    }
    case 'statement.recalculated': {
      const e = StatementRecalculated.parse(event.data);
      return {
        set: {
          ...touch,
          amount_cents: e.amountCents,
          line_count: e.lines.length,
          statement_on: e.statementOn,
        },
        lines: e.lines,
        retotal: true,
      };
    }
    case 'statement.overrideAdded': {
      const o = OverrideData.parse(event.data);
      const addOverride: OverrideRow = {
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
      };
      return { set: touch, addOverride, retotal: true };
    }
    case 'statement.overrideUpdated': {
      const o = OverrideData.parse(event.data);
      const set = {
        type_code: o.typeCode,
        amount_cents: o.amountCents,
        note: o.note,
        updated_at: at,
        updated_by: by,
      };
      return { set: touch, changeOverride: { id: o.overrideId, set }, retotal: true };
    }
    case 'statement.overrideDeleted': {
      const { overrideId } = OverrideDeleted.parse(event.data);
      const set = { deleted: true, updated_at: at, updated_by: by };
      return { set: touch, changeOverride: { id: overrideId, set }, retotal: true };
    }
    case 'statement.approved':
      return { set: { ...touch, state: 'approved', reviewed_at: at, reviewed_by: by } };
    case 'statement.unapproved':
      return { set: { ...touch, state: 'pending', reviewed_at: null, reviewed_by: null } };
    case 'statement.markedPaid': {
      const e = StatementMarkedPaid.parse(event.data);
      return {
        set: {
          ...touch,
          state: 'paid',
          paid_on: e.paidOn,
          paid_by: by,
          payment_amount_cents: e.paymentAmountCents,
        },
      };
    }
    case 'statement.markedUnpaid':
      return {
        set: { ...touch, state: 'approved', paid_on: null, paid_by: null, payment_amount_cents: null },
      };
    case 'statement.downloaded':
      return { set: { ...touch, downloaded_at: at } };
    default:
      return null;
  }
}

export function lineRows(statementId: number, lines: readonly Line[]): LineRow[] {
  return lines.map((line, i) => ({
    statement_id: statementId,
    line_no: i + 1,
    event_id: line.eventId,
    policy_number: line.policyNumber,
    event_code: line.eventCode,
    on: line.on,
    premium_cents: line.premiumCents,
    rule_id: line.ruleId,
    amount_cents: line.amountCents,
    explanation: line.explanation,
  }));
}

export interface StatementRows {
  // null only for a stream that does not start with its generation, as no command writes.
  statement: StatementRow | null;
  lines: LineRow[];
  overrides: OverrideRow[];
}

// A whole stream folded to the rows its events leave, as the per-event projection leaves them.
export function statementRowsOf(events: readonly StoredEvent[]): StatementRows {
  const id = Number(events[0]!.streamId);
  let statement: StatementRow | null = null;
  let lines: readonly Line[] = [];
  const overrides = new Map<number, OverrideRow>();
  for (const event of events) {
    const effect = effectOf(event);
    if (!effect) continue;
    if (effect.insert) statement = effect.insert;
    if (effect.set && statement) statement = { ...statement, ...effect.set };
    if (effect.lines) lines = effect.lines;
    if (effect.addOverride) overrides.set(effect.addOverride.id, effect.addOverride);
    const changed = effect.changeOverride && overrides.get(effect.changeOverride.id);
    if (changed) overrides.set(changed.id, { ...changed, ...effect.changeOverride!.set });
    if (effect.retotal && statement) {
      const overrideTotal = liveOverrideTotal(overrides.values());
      statement = {
        ...statement,
        override_total_cents: overrideTotal,
        payment_total_cents: statement.amount_cents + overrideTotal,
      };
    }
  }
  return { statement, lines: lineRows(id, lines), overrides: [...overrides.values()] };
}

// What the per-event projection's retotal sums in SQL.
function liveOverrideTotal(overrides: Iterable<OverrideRow>): number {
  let total = 0;
  for (const o of overrides) if (!o.deleted) total += o.amount_cents;
  return total;
}
