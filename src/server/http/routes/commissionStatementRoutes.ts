import { businessDate, type Clock } from '../../../calendar';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  BULK_COMMANDS,
  BulkStatementRequest,
  BulkStatementResponse,
  GenerateStatementsRequest,
  GenerateStatementsResponse,
  OverrideTypeListResponse,
  PaymentReportRequest,
  STATEMENT_ACCESS,
  StatementMonthListResponse,
  StatementPage,
  StatementSearchQuery,
  type BulkCommand,
} from '../../../api/schemas/commissionStatements';
import type { StatementCommand } from '../../../machines/commissionStatement';
import { entityScope } from '../../access/principal';
import { bulkByFilter, bulkByIds } from '../../domain/commission/bulkStatementCommands';
import { generateStatements } from '../../domain/commission/generateStatements';
import { paymentReportCsv } from '../../domain/commission/statementFiles';
import {
  sortedStatementRows,
  statementQuery,
  toStatementRow,
  type StatementSearchFilters,
} from '../../domain/commission/statementSearch';
import type { Db } from '../../store/db';
import { sendCsv } from '../csvDownload';
import { ValidationFailed } from '../errors';
import { CONFLICT } from '../openapi/conflicts';
import { fetchPage } from '../../store/paging';
import { requirePrincipal } from '../routeTable';
import { metadataOf } from './entityRouteSupport';

// /v2/commission-statements: the statement search of the review and payments screens, the bulk commands by
// ids or filter, generation of a month, and the payment report (SPEC §3, §4, §7 "Commission";
// docs/commission.md "Statements"). Scope: a caller sees the statements of the entities in their scope.

// The command each path runs and who may run it, singly (entityStatementRoutes) or in bulk.
export const STATEMENT_COMMANDS: Readonly<
  Record<BulkCommand, { command: StatementCommand; access: (typeof STATEMENT_ACCESS)['read'] }>
> = {
  approve: { command: 'approve', access: STATEMENT_ACCESS.review },
  unapprove: { command: 'unapprove', access: STATEMENT_ACCESS.unapprove },
  'mark-paid': { command: 'markPaid', access: STATEMENT_ACCESS.payments },
  'mark-unpaid': { command: 'markUnpaid', access: STATEMENT_ACCESS.payments },
};

// Checks the filters cannot express alone.
export function checkStatementFilter(filter: StatementSearchFilters, prefix = 'filter'): void {
  if (
    filter.minAmount !== undefined &&
    filter.maxAmount !== undefined &&
    filter.minAmount > filter.maxAmount
  ) {
    throw new ValidationFailed({
      [`${prefix}.maxAmount`]: ['The maximum amount may not be below the minimum.'],
    });
  }
  if (filter.months !== undefined && !filter.date) {
    throw new ValidationFailed({ [`${prefix}.date`]: ['Give the month that the months count back from.'] });
  }
}

export function commissionStatementRoutes(app: FastifyInstance, options: { db: Db; clock: Clock }): void {
  const { db } = options;
  // The business day of each request (docs/conventions.md "One business clock").
  const today = () => businessDate(options.clock.now());
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/commission-statements';
  const scopeOf = (request: FastifyRequest) => entityScope(requirePrincipal(request));

  r.get(
    base,
    {
      config: { access: STATEMENT_ACCESS.read },
      schema: { querystring: StatementSearchQuery, response: { 200: StatementPage } },
    },
    async (request) => {
      const { page, limit, sort, order, filter } = request.query;
      checkStatementFilter(filter);
      const { rows, meta } = await fetchPage(
        sortedStatementRows(db, filter, scopeOf(request), sort, order),
        page,
        limit,
      );
      return { data: rows.map(toStatementRow), meta };
    },
  );

  for (const name of BULK_COMMANDS) {
    const { command, access } = STATEMENT_COMMANDS[name];
    r.post(
      `${base}/${name}`,
      {
        config: { access, idempotent: true },
        schema: { body: BulkStatementRequest, response: { 200: BulkStatementResponse } },
      },
      async (request) => {
        const principal = requirePrincipal(request);
        const scope = entityScope(principal);
        const metadata = metadataOf(request, principal);
        const body = request.body;
        if (body.ids) return { data: await bulkByIds(db, body.ids, scope, command, today(), metadata) };
        const filter = body.filter ?? {};
        checkStatementFilter(filter);
        const step = { afterId: body.after_id, batch: body.batch };
        return { data: await bulkByFilter(db, filter, scope, command, today(), metadata, step) };
      },
    );
  }

  r.post(
    `${base}/generate`,
    {
      // Each entity's statement is brought up to date in a transaction of its own, racing its commands.
      config: { access: STATEMENT_ACCESS.generate, conflicts: [CONFLICT.concurrentWrite] },
      schema: { body: GenerateStatementsRequest, response: { 200: GenerateStatementsResponse } },
    },
    async (request) => {
      const { month } = request.body.data;
      if (month > today().slice(0, 7)) {
        throw new ValidationFailed({
          'data.month': ['A statement can only be generated for this month or an earlier one.'],
        });
      }
      const principal = requirePrincipal(request);
      // House staff generate for the house; an agency's user for their own subtree only.
      const outcome = await generateStatements(
        db,
        month,
        today(),
        metadataOf(request, principal),
        entityScope(principal),
      );
      return {
        data: {
          month: outcome.month,
          created: outcome.created,
          recalculated: outcome.recalculated,
          unchanged: outcome.unchanged,
          kept: outcome.kept.map((k) => ({ id: k.id, entity_code: k.entityCode, reason: k.reason })),
        },
      };
    },
  );

  // A file, not JSON: no 200 schema; the rows stream as the client reads them. x-total-count counts the
  // statements the report will list plus its closing total row.
  r.post(
    '/v2/commission-payment-reports',
    { config: { access: STATEMENT_ACCESS.payments }, schema: { body: PaymentReportRequest } },
    async (request, reply) => {
      const body = request.body;
      if (body.filter) checkStatementFilter(body.filter);
      const selection = body.ids ? { ids: body.ids } : { filter: body.filter ?? {} };
      const scope = scopeOf(request);
      let matching = statementQuery(db, body.ids ? {} : (body.filter ?? {}), scope);
      if (body.ids) matching = matching.where('s.id', 'in', [...body.ids]);
      const counted = await matching.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return sendCsv(reply, {
        filename: `commission-payment-report-${today()}.csv`,
        totalRows: Number(counted.n) + 1,
        lines: paymentReportCsv(db, scope, selection),
      });
    },
  );

  r.get(
    '/v2/lists/commission/override-types',
    { config: { access: STATEMENT_ACCESS.read }, schema: { response: { 200: OverrideTypeListResponse } } },
    async () => ({
      data: await db.selectFrom('commission_override_types').selectAll().orderBy('id').execute(),
    }),
  );

  r.get(
    '/v2/lists/commission/statement-months',
    {
      config: { access: STATEMENT_ACCESS.read },
      schema: { querystring: z.strictObject({}), response: { 200: StatementMonthListResponse } },
    },
    async (request) => {
      const rows = await sortedStatementRows(db, {}, scopeOf(request), 'month', 'desc')
        .clearSelect()
        .clearOrderBy()
        .select('s.month')
        .distinct()
        .orderBy('s.month', 'desc')
        .execute();
      return { data: rows.map((row) => row.month) };
    },
  );
}
