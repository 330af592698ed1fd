import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { refundOfRentersWire } from '../rentersBillingScreen';
import { FailedRefundsPage, RetryRefundResponse, type PolicyLine, type Refund } from '../schemas/refunds';
import { RentersRetryRefundResponse } from '../schemas/rentersRefunds';
import { policyKeyOf } from './billing';

// Failed refunds and asking for them again (docs/payments.md "Refund statuses"). The queue's keys start with
// 'refunds'; a retry refreshes the queue and the policy (its billing and payments are keyed under it).
export const REFUNDS_KEY = ['refunds'] as const;
export const FAILED_REFUNDS_PAGE_SIZE = 20;

export interface FailedRefundsFilter {
  page: number;
  line?: PolicyLine;
}

export const failedRefundsQuery = (filter: FailedRefundsFilter) =>
  queryOptions({
    queryKey: [...REFUNDS_KEY, 'failed', filter],
    queryFn: async ({ signal }) =>
      FailedRefundsPage.parse(
        await apiRequest('/v2/refunds/failed', {
          query: {
            page: filter.page,
            limit: FAILED_REFUNDS_PAGE_SIZE,
            ...(filter.line ? { filter: { line: filter.line } } : {}),
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export interface RefundRetry {
  line: PolicyLine;
  matterId: number;
  key: string;
  // The attempt after the last one the screen showed, so a second click asks nothing more.
  attempt: number;
}

const policyPath = (line: PolicyLine, matterId: number) =>
  line === 'pet' ? `/v2/policies/${matterId}` : `/v2/renters/policies/${matterId}`;

export async function retryRefund({ line, matterId, key, attempt }: RefundRetry): Promise<Refund> {
  const answer = await apiRequest(`${policyPath(line, matterId)}/refunds/retry`, {
    method: 'POST',
    body: { data: { key, attempt } },
  });
  // The renters line answers in its wire's snake_case, read into the same screen model.
  if (line === 'pet') return RetryRefundResponse.parse(answer).data.refund;
  return refundOfRentersWire(RentersRetryRefundResponse.parse(answer).data.refund);
}

export async function refreshAfterRetry(client: QueryClient, retry: RefundRetry): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: REFUNDS_KEY }),
    client.invalidateQueries({ queryKey: policyKeyOf(retry.line, retry.matterId) }),
  ]);
}
