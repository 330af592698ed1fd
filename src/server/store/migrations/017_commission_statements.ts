import { sql, type Kysely } from 'kysely';

// Commission statements (issue 7; docs/commission.md "Statements"): the id sequences and read tables of the
// commission_statement stream, and the override types (SPEC §3 "Override option"), reference data. One
// statement per entity and month; lines are replaced whole when a pending statement is recalculated.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence commission_statement_id_seq start 1`.execute(db);
  await sql`create sequence commission_override_id_seq start 1`.execute(db);
  await db.schema
    .createTable('commission_statements')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    // YYYY-MM.
    .addColumn('month', 'text', (c) => c.notNull())
    // pending | approved | paid (src/machines/commissionStatement.ts).
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('override_total_cents', 'bigint', (c) => c.notNull())
    .addColumn('payment_total_cents', 'bigint', (c) => c.notNull())
    .addColumn('line_count', 'integer', (c) => c.notNull())
    .addColumn('payment_amount_cents', 'bigint')
    .addColumn('paid_on', 'date')
    .addColumn('paid_by', 'integer')
    .addColumn('statement_on', 'date', (c) => c.notNull())
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewed_by', 'integer')
    .addColumn('downloaded_at', 'timestamptz')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('commission_statements_entity_month')
    .on('commission_statements')
    .columns(['entity_id', 'month'])
    .unique()
    .execute();
  await sql`create index commission_statements_month on commission_statements (month desc, id)`.execute(db);
  await sql`create index commission_statements_state on commission_statements (state, id)`.execute(db);

  await db.schema
    .createTable('commission_statement_lines')
    .addColumn('statement_id', 'integer', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'bigint', (c) => c.notNull())
    .addColumn('policy_number', 'text', (c) => c.notNull())
    .addColumn('event_code', 'text', (c) => c.notNull())
    .addColumn('on', 'date', (c) => c.notNull())
    .addColumn('premium_cents', 'bigint', (c) => c.notNull())
    .addColumn('rule_id', 'integer')
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('explanation', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('commission_statement_lines_pk', ['statement_id', 'line_no'])
    .execute();

  await db.schema
    .createTable('commission_statement_overrides')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('statement_id', 'integer', (c) => c.notNull())
    .addColumn('type_code', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('deleted', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .execute();
  await sql`create index commission_statement_overrides_statement on commission_statement_overrides (statement_id, id)`.execute(
    db,
  );

  // Statement generation reads one month of the policy logs' commissionable events.
  await sql`create index events_commissionable on events (recorded_at)
    where stream_type in ('policy', 'renters_policy')
      and type in ('policy.issued', 'policy.cancelled', 'renters.policyIssued', 'renters.cancelled',
                   'renters.reinstated', 'renters.renewed')`.execute(db);

  await db.schema
    .createTable('commission_override_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('override_cat', 'text', (c) => c.notNull())
    .addColumn('override_code', 'text', (c) => c.notNull().unique())
    .addColumn('override_desc', 'text', (c) => c.notNull())
    .addColumn('is_enabled', 'boolean', (c) => c.notNull())
    .execute();
  await db
    .insertInto('commission_override_types')
    .values(
      [
        [1, 'BONUS', 'PRODUCTION_BONUS', 'Production bonus', true],
        [2, 'BONUS', 'CONTEST', 'Sales contest award', true],
        [3, 'CORRECTION', 'PRIOR_PERIOD', 'Correction of a prior statement', true],
        [4, 'CORRECTION', 'CHARGEBACK_WAIVED', 'Chargeback waived', true],
        [5, 'RECOVERY', 'ADVANCE_RECOVERY', 'Recovery of an advance', true],
        [6, 'RECOVERY', 'FEE', 'Fee charged to the agency', true],
        [7, 'OTHER', 'MANUAL', 'Other manual adjustment', true],
        [8, 'OTHER', 'LEGACY', 'Legacy adjustment (no longer used)', false],
      ].map(([id, cat, code, desc, enabled]) => ({
        id,
        override_cat: cat,
        override_code: code,
        override_desc: desc,
        is_enabled: enabled,
      })),
    )
    .execute();
}
