import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { downloadFile, type DownloadedFile, type DownloadWatch } from '../download';
import type { SortOrder } from '../schemas/paging';
import {
  RentersPolicySearchResponse,
  type RENTERS_POLICY_FILTERS,
  type RentersPolicySortField,
} from '../schemas/rentersPolicies';

// GET /v2/renters/policies: renters policy search (SPEC §3 "Renters", §7) and its CSV export. Keys start
// with 'renters-policies', so a change to any renters policy refreshes every search too.
export const rentersPolicyKeys = {
  all: ['renters-policies'] as const,
  search: ['renters-policies', 'search'] as const,
};

export type RentersPolicyFilterKey = keyof typeof RENTERS_POLICY_FILTERS;

// The filters travel as the URL holds them: the server checks them and answers 422 on a bad one, which the
// screen shows under its field.
export interface RentersPolicySearchRequest {
  page?: number;
  limit?: number;
  sort?: RentersPolicySortField;
  order?: SortOrder;
  filter?: Partial<Record<RentersPolicyFilterKey, string>>;
}

export async function searchRentersPolicies(
  request: RentersPolicySearchRequest,
  signal?: AbortSignal,
): Promise<RentersPolicySearchResponse> {
  const answer = await apiRequest('/v2/renters/policies', { query: { ...request }, signal });
  return RentersPolicySearchResponse.parse(answer);
}

export const rentersPolicySearchQuery = (request: RentersPolicySearchRequest) =>
  queryOptions({
    queryKey: [...rentersPolicyKeys.search, request],
    queryFn: ({ signal }) => searchRentersPolicies(request, signal),
    placeholderData: keepPreviousData,
  });

// Every row the filters match (not only the page shown), as the server's CSV file, streamed with progress.
export const exportRentersPolicies = (
  request: Omit<RentersPolicySearchRequest, 'page' | 'limit'>,
  watch: DownloadWatch = {},
): Promise<DownloadedFile> =>
  downloadFile('/v2/renters/policies/export', {
    query: { ...request },
    fallbackName: 'renters-policies.csv',
    ...watch,
  });
