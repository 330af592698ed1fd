import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { ReconciliationResponse, type ReconciliationRun } from '../schemas/reconciliation';
import { JOBS_KEY } from './jobs';

// The last daily reconciliation of the money (/v2/jobs/reconciliation, docs/reconciliation.md). Its key starts
// with the jobs screen's, so a moved clock, which runs the days' reconciliations, refreshes it too.
export const reconciliationQuery = queryOptions({
  queryKey: [...JOBS_KEY, 'reconciliation'],
  queryFn: async ({ signal }): Promise<ReconciliationRun | null> =>
    ReconciliationResponse.parse(await apiRequest('/v2/jobs/reconciliation', { signal })).data,
});
