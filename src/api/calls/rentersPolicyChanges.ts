import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import type { ChangeInputs } from '../../machines/rentersPolicyChangeContext';
import type { RentersChangeKind } from '../../machines/rentersPolicyStatus';
import {
  RentersChangeReasonsResponse,
  RentersChangeResponse,
  changeWireOf,
} from '../schemas/rentersPolicyChanges';

// Cancel, discontinue and reinstate a renters policy (docs/renters-cancellation.md): the dialog's inputs go
// through `changeWireOf`, the same mapping the server reads them back with, so both fingerprint one request.
export interface RentersChangeCall {
  kind: RentersChangeKind;
  matterId: number;
  policyNumber: string;
  policyVersion: number;
  inputs: ChangeInputs;
  // Absent for a preview; for a commit, the preview's fingerprint and the token the server signed for it
  // (docs/decisions/013).
  commitOf?: { fingerprint: string; token: string };
}

export async function requestRentersChange(call: RentersChangeCall): Promise<RentersChangeResponse> {
  const answer = await apiRequest(`/v2/renters/policies/${call.matterId}/${call.kind}`, {
    method: 'POST',
    body: {
      data: {
        policy_number: call.policyNumber,
        ...changeWireOf(call.kind, call.inputs),
        commit: call.commitOf !== undefined,
        policy_version: call.policyVersion,
        ...(call.commitOf !== undefined
          ? { preview_fingerprint: call.commitOf.fingerprint, preview_token: call.commitOf.token }
          : {}),
      },
    },
  });
  return RentersChangeResponse.parse(answer);
}

export const rentersChangeReasonsQuery = () =>
  queryOptions({
    queryKey: ['renters-cancellation-reasons'],
    queryFn: async ({ signal }) =>
      RentersChangeReasonsResponse.parse(await apiRequest('/v2/renters/cancellation-reasons', { signal }))
        .data,
    staleTime: Infinity,
  });
