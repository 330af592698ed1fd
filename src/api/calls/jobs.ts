import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import {
  JobRetryResponse,
  JobsOverviewResponse,
  JobsPage,
  MoveClockResponse,
  type JobRun,
  type JobStatus,
  type JobsOverview,
  type JobsPage as JobsPageData,
  type MoveClockResponse as MoveClockAnswer,
} from '../schemas/jobs';

// The jobs screen's calls (/v2/jobs, docs/jobs.md). Every key starts with 'jobs', so a retry or a moved clock
// refreshes the list and the overview together.
export const JOBS_KEY = ['jobs'] as const;

export interface JobsFilter {
  status?: JobStatus;
  page: number;
}

export const JOBS_PAGE_SIZE = 20;

export const jobsQuery = (filter: JobsFilter) =>
  queryOptions({
    queryKey: [...JOBS_KEY, 'list', filter],
    queryFn: async ({ signal }): Promise<JobsPageData> =>
      JobsPage.parse(
        await apiRequest('/v2/jobs', {
          query: {
            page: filter.page,
            limit: JOBS_PAGE_SIZE,
            ...(filter.status ? { filter: { status: filter.status } } : {}),
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const jobsOverviewQuery = queryOptions({
  queryKey: [...JOBS_KEY, 'overview'],
  queryFn: async ({ signal }): Promise<JobsOverview> =>
    JobsOverviewResponse.parse(await apiRequest('/v2/jobs/overview', { signal })).data,
});

export async function retryJob(id: number): Promise<JobRun> {
  return JobRetryResponse.parse(await apiRequest(`/v2/jobs/${id}/retry`, { method: 'POST', body: {} })).data;
}

// The move names the business date it ends on, so a move sent twice (or by two administrators) ends there.
export async function moveClock(to: string): Promise<MoveClockAnswer['data']> {
  return MoveClockResponse.parse(await apiRequest('/v2/jobs/clock', { method: 'POST', body: { to } })).data;
}
