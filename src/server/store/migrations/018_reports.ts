import { sql, type Kysely } from 'kysely';

// Reports (issue 8; docs/reports.md): the report registry is data, so a new report reaches the registry
// screen of everyone allowed to run it without a change to the menu. Each row carries the access check of
// src/api/access.ts as JSON, which the server evaluates for the caller. And an index for the reports that
// read a period of the policy logs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // The portal path that runs it.
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('access', 'jsonb', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('is_enabled', 'boolean', (c) => c.notNull())
    .execute();

  const reportAccess = { kind: 'anyOf', codes: ['admin', 'report'] };
  await db
    .insertInto('reports')
    .values([
      {
        code: 'commission-statements',
        name: 'Commission statements',
        description:
          'Statements by entity and month with their amounts, overrides, review and payment status, and totals; as CSV or PDF.',
        path: '/reporting/commission-statements',
        access: JSON.stringify({
          kind: 'allOf',
          checks: [{ kind: 'anyOf', codes: ['ent_comm_list'] }, reportAccess],
        }),
        sort_order: 1,
        is_enabled: true,
      },
      {
        code: 'nwp',
        name: 'Net written premium',
        description:
          'Written premium by adjustment type (new business, rewrites, renewals, endorsements, cancellations, reinstatements) and by month, for a period, state and entity; as CSV.',
        path: '/reporting/nwp',
        access: JSON.stringify({ kind: 'anyOf', codes: ['report_nwp', 'report'] }),
        sort_order: 2,
        is_enabled: true,
      },
    ])
    .execute();

  await sql`create index events_policy_log on events (recorded_at)
    where stream_type in ('policy', 'renters_policy')`.execute(db);
}
