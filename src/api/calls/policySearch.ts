import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { downloadFile, type DownloadedFile, type DownloadWatch } from '../download';
import type { SortOrder } from '../schemas/paging';
import { PolicySearchResponse, type POLICY_FILTERS, type PolicySortField } from '../schemas/policySearch';

// GET /v2/policies: pet policy search (SPEC §3, §7) and its CSV export. Keys start with 'policies', so a
// change to any policy (an edit, a cancellation) refreshes every search too.
export const policySearchKeys = {
  search: ['policies', 'search'] as const,
};

export type PolicyFilterKey = keyof typeof POLICY_FILTERS;

// The filters travel as the URL holds them: the server checks them and answers 422 on a bad one, which the
// screen shows under its field.
export interface PolicySearchRequest {
  page?: number;
  limit?: number;
  sort?: PolicySortField;
  order?: SortOrder;
  filter?: Partial<Record<PolicyFilterKey, string>>;
}

export async function searchPolicies(
  request: PolicySearchRequest,
  signal?: AbortSignal,
): Promise<PolicySearchResponse> {
  return PolicySearchResponse.parse(await apiRequest('/v2/policies', { query: { ...request }, signal }));
}

export const policySearchQuery = (request: PolicySearchRequest) =>
  queryOptions({
    queryKey: [...policySearchKeys.search, request],
    queryFn: ({ signal }) => searchPolicies(request, signal),
    placeholderData: keepPreviousData,
  });

// Every row the filters match (not only the page shown), as the server's CSV file, streamed with progress.
export const exportPolicies = (
  request: Omit<PolicySearchRequest, 'page' | 'limit'>,
  watch: DownloadWatch = {},
): Promise<DownloadedFile> =>
  downloadFile('/v2/policies/export', { query: { ...request }, fallbackName: 'policies.csv', ...watch });
