import { businessDate, type Clock } from '../../../calendar';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isAllowed } from '../../../api/access';
import {
  AccessCheckSchema,
  NwpQuery,
  type NwpFilters,
  NwpReportResponse,
  REPORT_ACCESS,
  ReportListResponse,
  STATEMENT_REPORT_PDF_MAX_ROWS,
  StatementReportFileQuery,
  StatementReportPage,
  StatementReportQuery,
  type StatementReportSearch,
} from '../../../api/schemas/reports';
import { accessSubject, entityScope } from '../../access/principal';
import { countNwpRows, isProblem, nwpCsv, nwpReport, resolveNwpRun } from '../../domain/reports/nwpReport';
import {
  statementReportCsv,
  statementReportMonths,
  statementReportPdf,
  statementReportRows,
  statementReportTotals,
} from '../../domain/reports/statementReport';
import { sortedStatementRows, toStatementRow } from '../../domain/commission/statementSearch';
import type { Db } from '../../store/db';
import { sendCsv } from '../csvDownload';
import { ValidationFailed } from '../errors';
import { fetchPage } from '../../store/paging';
import { requirePrincipal } from '../routeTable';
import { checkStatementFilter } from './commissionStatementRoutes';

// Reporting (SPEC §2 "Reporting", §6 "Reports"; docs/reports.md): the registry of reports the caller may
// run, the commission statements report with its file, and the net written premium report with its CSV.

type StatementReportFilter = StatementReportSearch['filter'];

// The report's entity code is the entity's number; the statement search speaks of it as entityId.
function statementFilter(filter: StatementReportFilter) {
  const { entityCode, ...rest } = filter;
  checkStatementFilter(rest);
  return { ...rest, entityId: entityCode };
}

function describeFilter(filter: StatementReportFilter): string {
  const parts = Object.entries(filter).map(([key, value]) => `${key} ${String(value)}`);
  return parts.length ? `Filters: ${parts.join(', ')}` : 'All statements';
}

export function reportRoutes(app: FastifyInstance, options: { db: Db; clock: Clock }): void {
  const { db } = options;
  // The business day of each request (docs/conventions.md "One business clock").
  const today = () => businessDate(options.clock.now());
  const r = app.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => entityScope(requirePrincipal(request));

  r.get(
    '/v2/reports',
    { config: { access: REPORT_ACCESS.registry }, schema: { response: { 200: ReportListResponse } } },
    async (request) => {
      const subject = accessSubject(requirePrincipal(request));
      const rows = await db
        .selectFrom('reports')
        .select(['code', 'name', 'description', 'path', 'access'])
        .where('is_enabled', '=', true)
        .orderBy('sort_order')
        .execute();
      // A row whose check does not parse is shown to no one rather than to everyone.
      const data = rows
        .filter((row) => {
          const check = AccessCheckSchema.safeParse(row.access);
          return check.success && isAllowed(check.data, subject);
        })
        .map(({ code, name, description, path }) => ({ code, name, description, path }));
      return { data };
    },
  );

  r.get(
    '/v2/reports/commission-statements',
    {
      config: { access: REPORT_ACCESS.statements },
      schema: { querystring: StatementReportQuery, response: { 200: StatementReportPage } },
    },
    async (request) => {
      const { page, limit, sort, order } = request.query;
      const filter = statementFilter(request.query.filter);
      const scope = scopeOf(request);
      const [{ rows, meta }, totals, months] = await Promise.all([
        fetchPage(sortedStatementRows(db, filter, scope, sort, order), page, limit),
        statementReportTotals(db, filter, scope),
        statementReportMonths(db, filter, scope),
      ]);
      return { data: rows.map(toStatementRow), meta, totals, months };
    },
  );

  // SPEC §7 "GET commission statement reports (file)": every matching row, as CSV or PDF.
  r.get(
    '/v2/commission-statement-reports',
    { config: { access: REPORT_ACCESS.statements }, schema: { querystring: StatementReportFileQuery } },
    async (request, reply) => {
      const { sort, order, format } = request.query;
      const filter = statementFilter(request.query.filter);
      const scope = scopeOf(request);
      const totals = await statementReportTotals(db, filter, scope);
      const rows = statementReportRows(db, filter, scope, { sort, order });
      const name = `commission-statements-report-${today()}`;
      if (format === 'csv')
        return sendCsv(reply, {
          filename: `${name}.csv`,
          totalRows: totals.count,
          lines: statementReportCsv(rows),
        });
      if (totals.count > STATEMENT_REPORT_PDF_MAX_ROWS)
        throw new ValidationFailed({
          format: [
            `A PDF holds at most ${STATEMENT_REPORT_PDF_MAX_ROWS.toLocaleString('en-US')} statements; these filters match ${totals.count.toLocaleString('en-US')}. Narrow them or download CSV.`,
          ],
        });
      const all = [];
      for await (const batch of rows) all.push(...batch);
      const pdf = await statementReportPdf(all, totals, {
        filters: describeFilter(request.query.filter),
        generatedOn: today(),
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  async function nwpRun(request: FastifyRequest, query: NwpFilters) {
    const run = await resolveNwpRun(db, scopeOf(request), query, today());
    if (isProblem(run)) throw new ValidationFailed({ [run.field]: [run.message] });
    return run;
  }

  r.get(
    '/v2/reports/nwp',
    {
      config: { access: REPORT_ACCESS.nwp },
      schema: { querystring: NwpQuery, response: { 200: NwpReportResponse } },
    },
    async (request) => ({ data: await nwpReport(db, await nwpRun(request, request.query)) }),
  );

  r.get(
    '/v2/reports/nwp/export',
    { config: { access: REPORT_ACCESS.nwp }, schema: { querystring: NwpQuery } },
    async (request, reply) => {
      const run = await nwpRun(request, request.query);
      return sendCsv(reply, {
        filename: `net-written-premium-${run.fromDay}-${run.toDay}.csv`,
        totalRows: await countNwpRows(db, run),
        lines: nwpCsv(db, run),
      });
    },
  );
}
