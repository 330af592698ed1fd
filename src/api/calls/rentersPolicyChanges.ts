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
  // Absent for a preview; the preview's fingerprint for a commit.
  previewFingerprint?: string;
}

export async function requestRentersChange(call: RentersChangeCall): Promise<RentersChangeResponse> {
  const answer = await apiRequest(`/v2/renters/policies/${call.matterId}/${call.kind}`, {
    method: 'POST',
    body: {
      data: {
        policy_number: call.policyNumber,
        ...changeWireOf(call.kind, call.inputs),
        commit: call.previewFingerprint !== undefined,
        policy_version: call.policyVersion,
        ...(call.previewFingerprint !== undefined ? { preview_fingerprint: call.previewFingerprint } : {}),
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
