import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { RentersRewriteResponse, type RentersRewriteView } from '../schemas/rentersRewrite';
import { rentersPolicyRecordKeys } from './rentersPolicyRecord';

// GET /v2/renters/policies/{matterId}/rewrite: whether the policy may be rewritten now, why not, and what
// the rewrite starts from. Under the policy record's key, so whatever refreshes the record (an edit, a
// cancellation) refreshes this answer too.
export const rentersRewriteKey = (matterId: number) =>
  [...rentersPolicyRecordKeys.record(matterId), 'rewrite'] as const;

export async function fetchRentersRewrite(
  matterId: number,
  signal?: AbortSignal,
): Promise<RentersRewriteView> {
  const answer = await apiRequest(`/v2/renters/policies/${matterId}/rewrite`, { signal });
  return RentersRewriteResponse.parse(answer).data;
}

export const rentersRewriteQuery = (matterId: number) =>
  queryOptions({
    queryKey: rentersRewriteKey(matterId),
    queryFn: ({ signal }) => fetchRentersRewrite(matterId, signal),
  });
