import type { QueryClient } from '@tanstack/react-query';
import { policyQuery } from '../../../api/calls/policies';
import { claimsQuery } from '../../../api/calls/policyMatters';

// What the policy screen shows first: the policy and, on its first tab, the claims. The route asks for both
// as it is entered, alongside the session check, so they arrive together rather than one after the other.
// Data that young counts as fresh, so the screen's first render does not ask for it again; changes made on
// the screen invalidate it all the same.
const FRESH_MS = 15_000;
export const FIRST_TAB = 'claims';

export const screenPolicyQuery = (matterId: number) => ({ ...policyQuery(matterId), staleTime: FRESH_MS });
export const screenClaimsQuery = (matterId: number) => ({ ...claimsQuery(matterId), staleTime: FRESH_MS });

export function prefetchPolicyScreen(queryClient: QueryClient, matterId: number, tab: string | null): void {
  // The guard answers an impossible id with "not found"; nothing to ask the server.
  if (!Number.isInteger(matterId) || matterId < 1) return;
  void queryClient.prefetchQuery(screenPolicyQuery(matterId));
  if (tab === null || tab === FIRST_TAB) void queryClient.prefetchQuery(screenClaimsQuery(matterId));
}
