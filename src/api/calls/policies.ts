import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../client';
import { HistoryResponse, type HistoryEntry } from '../schemas/history';
import {
  CancelResponse,
  PolicyViewResponse,
  type CancelRequest as CancelRequestBody,
  type CancelResult,
  type PolicyholderEdit,
  type PolicyView,
} from '../schemas/policies';

// /v2/policies/{matterId}: one pet policy's 360 view (SPEC §3 "Policy detail"), the policyholder edit, the
// cancellation (preview, then commit) and the policy's event history. Keys start with 'policies' and the
// matter id, so a change to one policy refreshes everything shown about it.

// What the portal sends: the request bodies' `data` before the server's parsing.
export type PolicyholderChange = z.input<typeof PolicyholderEdit>['data'];
export type CancelRequest = z.input<typeof CancelRequestBody>['data'];
export type CancelReason = CancelRequest['reason'];

export const policyKeys = {
  all: ['policies'] as const,
  matter: (matterId: number) => ['policies', matterId] as const,
};

const policyPath = (matterId: number) => `/v2/policies/${matterId}`;

// SPEC §9: the policy is shown in its current term unless another is asked for.
export async function fetchPolicy(matterId: number, signal?: AbortSignal): Promise<PolicyView> {
  const answer = await apiRequest(policyPath(matterId), { query: { term: 'current' }, signal });
  return PolicyViewResponse.parse(answer).data;
}

export const policyQuery = (matterId: number) =>
  queryOptions({
    queryKey: [...policyKeys.matter(matterId), 'view'],
    queryFn: ({ signal }) => fetchPolicy(matterId, signal),
  });

export async function updatePolicyholder(matterId: number, change: PolicyholderChange): Promise<PolicyView> {
  const answer = await apiRequest(`${policyPath(matterId)}/policyholder`, {
    method: 'PATCH',
    body: { data: change },
  });
  return PolicyViewResponse.parse(answer).data;
}

// commit false answers what a cancellation would do and changes nothing.
export async function cancelPolicy(matterId: number, request: CancelRequest): Promise<CancelResult> {
  const answer = await apiRequest(`${policyPath(matterId)}/cancel`, {
    method: 'POST',
    body: { data: request },
  });
  return CancelResponse.parse(answer).data;
}

// The policy stream's events, newest first, with who and when.
export async function fetchPolicyEvents(policyNumber: string, signal?: AbortSignal): Promise<HistoryEntry[]> {
  const answer = await apiRequest('/v2/policies/events', { query: { policyNumber }, signal });
  return HistoryResponse.parse(answer).data;
}

export const policyEventsQuery = (matterId: number, policyNumber: string) =>
  queryOptions({
    queryKey: [...policyKeys.matter(matterId), 'events', policyNumber],
    queryFn: ({ signal }) => fetchPolicyEvents(policyNumber, signal),
  });
