import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { DashboardStatisticsResponse, type DashboardStatistics } from '../schemas/dashboard';

// The dashboard's statistics (SPEC §7 GET /v2/dashboard/statistics; docs/reports.md "Dashboard"). Keys start
// with 'dashboard'. Without dates the server answers the 30 days ending today (UTC).
export const dashboardKeys = {
  all: ['dashboard'] as const,
  statistics: ['dashboard', 'statistics'] as const,
};

export interface DashboardRequest {
  fromDate?: string;
  toDate?: string;
  // The period the figures are compared with (both or neither); without it, the same length just before.
  compareFromDate?: string;
  compareToDate?: string;
}

export async function fetchDashboardStatistics(
  request: DashboardRequest,
  signal?: AbortSignal,
): Promise<DashboardStatistics> {
  return DashboardStatisticsResponse.parse(
    await apiRequest('/v2/dashboard/statistics', { query: { ...request }, signal }),
  ).data;
}

// The last period's figures stay on screen while another period loads, so the cards do not flash.
export const dashboardStatisticsQuery = (request: DashboardRequest) =>
  queryOptions({
    queryKey: [...dashboardKeys.statistics, request],
    queryFn: ({ signal }) => fetchDashboardStatistics(request, signal),
    placeholderData: keepPreviousData,
  });
