import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { STALE_TIME } from '../cacheTimes';
import { apiRequest } from '../client';
import { downloadFile, type DownloadedFile } from '../download';
import type { SortOrder } from '../schemas/paging';
import {
  BulkStatementResponse,
  GenerateStatementsResponse,
  OverrideResponse,
  OverrideTypeListResponse,
  StatementMonthListResponse,
  StatementPage,
  StatementResponse,
  type BulkCommand,
  type BulkStatementRequest,
  type BulkStatementResult,
  type GenerateStatementsResult,
  type OverrideRequest,
  type OverrideUpdateRequest,
  type Statement,
  type StatementFilterInput,
  type StatementOverride,
  type StatementSortField,
} from '../schemas/commissionStatements';

// Commission statements (SPEC §3 "Commission", §4; docs/commission.md): the search of both statement
// screens, one statement with its lines, overrides and history, the review and payment commands singly and
// in bulk, the statement file and the payment report. Keys start with 'commission-statements', so a command
// refreshes every search and every open statement.
export const statementKeys = {
  all: ['commission-statements'] as const,
  search: ['commission-statements', 'search'] as const,
  one: (entityId: number, statementId: number) =>
    ['commission-statements', 'one', entityId, statementId] as const,
};

export type StatementFilterKey = keyof StatementFilterInput;

// The filters travel as the URL holds them (strings); the server checks them and answers 422 on a bad one,
// which the screen shows under its field.
export interface StatementSearchRequest {
  page?: number;
  limit?: number;
  sort?: StatementSortField;
  order?: SortOrder;
  filter?: StatementFilterInput;
}

export async function searchStatements(
  request: StatementSearchRequest,
  signal?: AbortSignal,
): Promise<StatementPage> {
  return StatementPage.parse(
    await apiRequest('/v2/commission-statements', { query: { ...request }, signal }),
  );
}

export const statementSearchQuery = (request: StatementSearchRequest) =>
  queryOptions({
    queryKey: [...statementKeys.search, request],
    queryFn: ({ signal }) => searchStatements(request, signal),
    placeholderData: keepPreviousData,
  });

const statementPath = (entityId: number, statementId: number) =>
  `/v2/entities/${entityId}/commission-statements/${statementId}`;

export const statementQuery = (entityId: number, statementId: number) =>
  queryOptions({
    queryKey: statementKeys.one(entityId, statementId),
    queryFn: async ({ signal }) =>
      StatementResponse.parse(await apiRequest(statementPath(entityId, statementId), { signal })).data,
  });

// Approve, unapprove, mark paid or unpaid one statement at the version the user saw (409 when it moved on
// or the command is refused, with the reason as the message).
export async function runStatementCommand(
  entityId: number,
  statementId: number,
  command: BulkCommand,
  version?: number,
): Promise<Statement> {
  const answer = await apiRequest(`${statementPath(entityId, statementId)}/${command}`, {
    method: 'POST',
    body: { data: version === undefined ? {} : { version } },
  });
  return StatementResponse.parse(answer).data;
}

// Reads the month's commissionable events again into a pending statement that is out of date.
export async function recalculateStatement(
  entityId: number,
  statementId: number,
  version?: number,
): Promise<Statement> {
  const answer = await apiRequest(`${statementPath(entityId, statementId)}/recalculate`, {
    method: 'POST',
    body: { data: version === undefined ? {} : { version } },
  });
  return StatementResponse.parse(answer).data;
}

// One step of a bulk command: the selected ids, or the rows the filter matches (from `after_id`, at most
// `batch` of them). Rows that cannot move come back in `refused` with the reason.
export type BulkTarget =
  { ids: number[] } | { filter: StatementFilterInput; after_id?: number; batch?: number };

export async function runBulkCommand(command: BulkCommand, target: BulkTarget): Promise<BulkStatementResult> {
  // The filter is sent as strings, as the URL holds it; the server coerces and checks them.
  const body = target as BulkStatementRequest;
  const answer = await apiRequest(`/v2/commission-statements/${command}`, { method: 'POST', body });
  return BulkStatementResponse.parse(answer).data;
}

// Overrides: only while the statement is pending (409 otherwise); 422 names the field (data.amount, …).
export async function addOverride(
  entityId: number,
  statementId: number,
  data: OverrideRequest,
): Promise<StatementOverride> {
  const answer = await apiRequest(`${statementPath(entityId, statementId)}/overrides`, {
    method: 'POST',
    body: { data },
  });
  return OverrideResponse.parse(answer).data;
}

export async function updateOverride(
  entityId: number,
  statementId: number,
  overrideId: number,
  data: OverrideUpdateRequest,
): Promise<StatementOverride> {
  const answer = await apiRequest(`${statementPath(entityId, statementId)}/overrides/${overrideId}`, {
    method: 'PATCH',
    body: { data },
  });
  return OverrideResponse.parse(answer).data;
}

// Soft delete: the override stays on the statement's history, marked deleted.
export async function deleteOverride(
  entityId: number,
  statementId: number,
  overrideId: number,
): Promise<StatementOverride | null> {
  const answer = await apiRequest(`${statementPath(entityId, statementId)}/overrides/${overrideId}`, {
    method: 'DELETE',
  });
  return answer === null ? null : OverrideResponse.parse(answer).data;
}

export const overrideTypesQuery = queryOptions({
  queryKey: ['lists', 'commission', 'override-types'],
  queryFn: async ({ signal }) =>
    OverrideTypeListResponse.parse(await apiRequest('/v2/lists/commission/override-types', { signal })).data,
  staleTime: STALE_TIME.searchOptions,
});

// Months that have statements (YYYY-MM, newest first), for the month filter.
export const statementMonthsQuery = queryOptions({
  queryKey: ['lists', 'commission', 'statement-months'],
  queryFn: async ({ signal }) =>
    StatementMonthListResponse.parse(await apiRequest('/v2/lists/commission/statement-months', { signal }))
      .data,
  staleTime: STALE_TIME.searchOptions,
});

// The statement as a PDF or CSV file; the server records the download on the statement.
export const downloadStatement = (
  entityId: number,
  statementId: number,
  format: 'pdf' | 'csv',
): Promise<DownloadedFile> =>
  downloadFile(`${statementPath(entityId, statementId)}/download`, {
    query: { format },
    fallbackName: `commission-statement-${statementId}.${format}`,
  });

// The payment report (CSV) of the selected statements or of every statement the filter matches.
export type PaymentReportTarget = { ids: number[] } | { filter: StatementFilterInput };

export const downloadPaymentReport = (target: PaymentReportTarget): Promise<DownloadedFile> =>
  downloadFile('/v2/commission-payment-reports', {
    method: 'POST',
    body: target,
    fallbackName: 'commission-payment-report.csv',
  });

// Computes (or brings up to date) every entity's statement of a month (admin_ent).
export async function generateStatements(month: string): Promise<GenerateStatementsResult> {
  return GenerateStatementsResponse.parse(
    await apiRequest('/v2/commission-statements/generate', { method: 'POST', body: { data: { month } } }),
  ).data;
}
