import { sql } from 'kysely';
import type { Statement, StatementOverride } from '../../../api/schemas/commissionStatements';
import {
  commissionStatementMachine,
  statementStatuses,
  type StatementState,
} from '../../../machines/commissionStatement';
import type { Db } from '../../store/db';
import { streamHistory } from '../streamHistory';
import { hasVerifiedBankAccount } from '../bankAccounts/bankAccountQueries';
import { previousMonth } from './commissionableEvents';
import { COMMISSION_STATEMENT_STREAM, STATEMENT_EVENT_LABELS } from './statementEvents';
import { outOfDate } from './statementFreshness';
import type { StatementLine as ComputedLine } from './statementLines';
import { actorOf, actorsFor, type ActorViewer } from '../actorNames';
import { serverTimestamp } from '../../../calendar';
import { EVENT_TYPES } from '../entities/entityReference';

// One statement as SPEC §3 "Commission statement" shows it, with its lines, overrides, the month before and
// its history. `can` says what the caller may do now: their privileges and the machine's state together.

export interface Permissions {
  review: boolean;
  unapprove: boolean;
  payments: boolean;
  download: boolean;
}

const dollars = (cents: string | number) => Number(cents) / 100;

export async function statementOfEntity(db: Db, entityId: number, statementId: number) {
  return db
    .selectFrom('commission_statements as s')
    .innerJoin('entities as e', 'e.id', 's.entity_id')
    .leftJoin('users as r', 'r.id', 's.reviewed_by')
    .selectAll('s')
    .select([
      'e.entity_code',
      'e.entity_name',
      sql<string | null>`r.first_name || ' ' || r.last_name`.as('reviewer'),
      sql<string>`to_char(s.statement_on, 'YYYY-MM-DD')`.as('statement_day'),
      sql<string | null>`to_char(s.paid_on, 'YYYY-MM-DD')`.as('paid_day'),
    ])
    .where('s.id', '=', statementId)
    .where('s.entity_id', '=', entityId)
    .executeTakeFirst();
}

export type StoredStatement = NonNullable<Awaited<ReturnType<typeof statementOfEntity>>>;

// The overrides of a statement, each with who added and last changed it as `viewer` may be told (the
// override's own columns, written from its events' metadata).
export async function statementOverrides(
  db: Db,
  statementId: number,
  viewer: ActorViewer,
): Promise<StatementOverride[]> {
  const rows = await db
    .selectFrom('commission_statement_overrides')
    .selectAll()
    .where('statement_id', '=', statementId)
    .orderBy('id')
    .execute();
  const actors = await actorsFor(
    db,
    rows.flatMap((o) => [o.created_by, o.updated_by]),
    viewer,
  );
  return rows.map((o) => ({
    id: o.id,
    statement_id: o.statement_id,
    override_type_code: o.type_code,
    amount: dollars(o.amount_cents),
    override_note: o.note,
    deleted: o.deleted,
    created_at: serverTimestamp(o.created_at),
    created_by: actorOf(actors, o.created_by),
    updated_at: serverTimestamp(o.updated_at),
    updated_by: actorOf(actors, o.updated_by),
  }));
}

export async function statementLines(db: Db, statementId: number) {
  const rows = await db
    .selectFrom('commission_statement_lines')
    .select([
      'event_id',
      'policy_number',
      'event_code',
      'premium_cents',
      'rule_id',
      'amount_cents',
      'explanation',
      sql<string>`to_char("on", 'YYYY-MM-DD')`.as('day'),
    ])
    .where('statement_id', '=', statementId)
    .orderBy('line_no')
    .execute();
  return rows.map((l) => ({
    event_id: Number(l.event_id),
    policy_number: l.policy_number,
    event_code: l.event_code,
    event_name: eventName(l.event_code),
    on: l.day,
    premium: dollars(l.premium_cents),
    rule_id: l.rule_id,
    amount: dollars(l.amount_cents),
    explanation: l.explanation,
  }));
}

// A line's event in words ("Flat cancellation"), beside its code (SPEC §3 "Adjustment event").
const eventName = (code: string) => EVENT_TYPES.find((t) => t.code === code)?.description ?? code;

const wireLine = (l: ComputedLine) => ({
  event_id: l.eventId,
  policy_number: l.policyNumber,
  event_code: l.eventCode,
  event_name: eventName(l.eventCode),
  on: l.on,
  premium: dollars(l.premiumCents),
  rule_id: l.ruleId,
  amount: dollars(l.amountCents),
  explanation: l.explanation,
});

const lineCount = (n: number) => `${n} line${n === 1 ? '' : 's'}`;

function historyDetail(type: string, changes: Record<string, unknown>): string | null {
  const money = (cents: unknown) => `$${(Number(cents) / 100).toFixed(2)}`;
  switch (type) {
    case 'statement.generated':
      return `${lineCount((changes.lines as unknown[]).length)}, ${money(changes.amountCents)}`;
    case 'statement.recalculated':
      return `${money(changes.previousAmountCents)} → ${money(changes.amountCents)}`;
    case 'statement.overrideAdded':
    case 'statement.overrideUpdated':
      return `${String(changes.typeCode)} ${money(changes.amountCents)}${changes.note ? `: ${String(changes.note)}` : ''}`;
    case 'statement.overrideDeleted':
      return `Override ${String(changes.overrideId)}`;
    case 'statement.markedPaid':
      return `${money(changes.paymentAmountCents)} on ${String(changes.paidOn)}`;
    case 'statement.downloaded':
      return String(changes.format).toUpperCase();
    default:
      return null;
  }
}

export async function statementView(
  db: Db,
  statement: StoredStatement,
  may: Permissions,
  viewer: ActorViewer,
): Promise<Statement> {
  const state = statement.state as StatementState;
  const statuses = statementStatuses(state)!;
  const machine = commissionStatementMachine.resolveState({ value: state, context: undefined });
  const [lines, overrides, previous, history, bankAccount, stale] = await Promise.all([
    statementLines(db, statement.id),
    statementOverrides(db, statement.id, viewer),
    db
      .selectFrom('commission_statements')
      .select(['id', 'month', 'amount_cents', 'payment_total_cents'])
      .where('entity_id', '=', statement.entity_id)
      .where('month', '=', previousMonth(statement.month))
      .executeTakeFirst(),
    streamHistory(db, COMMISSION_STATEMENT_STREAM, String(statement.id), viewer),
    hasVerifiedBankAccount(db, statement.entity_id),
    outOfDate(db, statement),
  ]);
  const amount = dollars(statement.amount_cents);
  // SPEC §3 "created at/by, updated at/by": the statement stream's first event (its generation) and its last.
  const first = history[0];
  const last = history[history.length - 1];
  return {
    id: statement.id,
    entity_id: statement.entity_id,
    entity: {
      id: statement.entity_id,
      entity_code: statement.entity_code,
      entity_name: statement.entity_name,
    },
    statement_month: statement.month,
    amount,
    paid_on: statement.paid_day,
    payment_amount: statement.payment_amount_cents === null ? null : dollars(statement.payment_amount_cents),
    overrides,
    override_total: dollars(statement.override_total_cents),
    payment_total: dollars(statement.payment_total_cents),
    statement_on: statement.statement_day,
    reviewed_at: statement.reviewed_at ? serverTimestamp(statement.reviewed_at) : null,
    reviewed_by: statement.reviewed_by,
    reviewer: statement.reviewer ?? null,
    // No notification is sent to agencies yet (docs/commission.md).
    notification_on: null,
    downloaded_on: statement.downloaded_at ? serverTimestamp(statement.downloaded_at) : null,
    review_status: statuses.review,
    payment_status: statuses.payment,
    state: state as Statement['state'],
    version: statement.version,
    created_at: first?.recordedAt ?? serverTimestamp(statement.created_at),
    created_by: first?.actor ?? null,
    updated_at: last?.recordedAt ?? serverTimestamp(statement.updated_at),
    updated_by: last?.actor ?? null,
    lines,
    previous: previous
      ? {
          id: previous.id,
          statement_month: previous.month,
          amount: dollars(previous.amount_cents),
          payment_total: dollars(previous.payment_total_cents),
        }
      : null,
    change_from_previous: previous ? Math.round((amount - dollars(previous.amount_cents)) * 100) / 100 : null,
    has_verified_bank_account: bankAccount,
    out_of_date: stale
      ? {
          missing_events: stale.missingEvents,
          difference: dollars(stale.differenceCents),
          amount_after: dollars(stale.amountCents),
          missing_lines: stale.missingLines.map(wireLine),
        }
      : null,
    history: history.map((h) => ({
      version: h.version,
      type: h.type,
      label: STATEMENT_EVENT_LABELS[h.type] ?? h.type,
      at: h.recordedAt,
      by: h.actor?.name ?? null,
      detail: historyDetail(h.type, h.changes),
    })),
    // What the caller may do: their privileges, and what the statement's machine takes in its state, its
    // guards weighed with the statement's facts (up to date, a verified bank account).
    can: {
      approve: may.review && machine.can({ type: 'statement.approved', upToDate: !stale }),
      recalculate: may.review && machine.can({ type: 'statement.recalculated' }),
      unapprove: may.unapprove && machine.can({ type: 'statement.unapproved' }),
      markPaid:
        may.payments && machine.can({ type: 'statement.markedPaid', bankAccountVerified: bankAccount }),
      markUnpaid: may.payments && machine.can({ type: 'statement.markedUnpaid' }),
      editOverrides: may.review && machine.can({ type: 'statement.overrideAdded' }),
      download: may.download,
    },
  };
}
