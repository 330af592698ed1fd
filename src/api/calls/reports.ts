import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { STALE_TIME } from '../cacheTimes';
import { apiRequest } from '../client';
import { downloadFile, type DownloadedFile, type DownloadWatch } from '../download';
import type { StatementFilterInput, StatementSortField } from '../schemas/commissionStatements';
import type { SortOrder } from '../schemas/paging';
import {
  NwpReportResponse,
  ReportListResponse,
  StatementReportPage,
  type NwpQuery,
} from '../schemas/reports';

// Reporting (SPEC §2 "Reporting"; docs/reports.md): the registry, the commission statements report with its
// file, the net written premium report with its CSV. Filters travel as the URL holds them (strings); the
// server answers 422 with field messages on a bad one.

export interface StatementReportRequest {
  page?: number;
  limit?: number;
  sort?: StatementSortField;
  order?: SortOrder;
  // entityCode is the entity's number (SPEC §5).
  filter?: StatementFilterInput;
}

export const reportKeys = {
  all: ['reports'] as const,
  registry: ['reports', 'registry'] as const,
  statements: (request: StatementReportRequest) => ['reports', 'statements', request] as const,
  nwp: (query: NwpQuery) => ['reports', 'nwp', query] as const,
};

export const reportRegistryQuery = queryOptions({
  queryKey: reportKeys.registry,
  queryFn: async ({ signal }) => ReportListResponse.parse(await apiRequest('/v2/reports', { signal })).data,
  staleTime: STALE_TIME.searchOptions,
});

export const statementReportQuery = (request: StatementReportRequest) =>
  queryOptions({
    queryKey: reportKeys.statements(request),
    queryFn: async ({ signal }) =>
      StatementReportPage.parse(
        await apiRequest('/v2/reports/commission-statements', { query: { ...request }, signal }),
      ),
    placeholderData: keepPreviousData,
  });

export const downloadStatementReport = (
  request: Omit<StatementReportRequest, 'page' | 'limit'>,
  format: 'csv' | 'pdf',
  watch: DownloadWatch = {},
): Promise<DownloadedFile> =>
  downloadFile('/v2/commission-statement-reports', {
    query: { ...request, format },
    fallbackName: `commission-statements-report.${format}`,
    ...watch,
  });

export const nwpReportQuery = (query: NwpQuery) =>
  queryOptions({
    queryKey: reportKeys.nwp(query),
    queryFn: async ({ signal }) =>
      NwpReportResponse.parse(await apiRequest('/v2/reports/nwp', { query: { ...query }, signal })).data,
    placeholderData: keepPreviousData,
  });

export const exportNwp = (query: NwpQuery, watch: DownloadWatch = {}): Promise<DownloadedFile> =>
  downloadFile('/v2/reports/nwp/export', {
    query: { ...query },
    fallbackName: 'net-written-premium.csv',
    ...watch,
  });
