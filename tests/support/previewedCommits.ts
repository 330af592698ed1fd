import type { EntityApi } from './entityApi';
import type { ApiResponse, RequestOptions } from './http';

// A commit that presents its preview's token commits exactly what was previewed (docs/decisions/013); one
// without a token commits the change as it is then. These preview first and present the token, as the portal
// does.

export interface PetCancelRequest {
  cancelDate: string;
  reason: string;
  note?: string;
}

// The token a preview answered, or undefined when it answered none (a refusal).
export function previewTokenOf(answer: ApiResponse): string | undefined {
  const data = (answer.body as { data?: { previewToken?: unknown; preview_token?: unknown } } | null)?.data;
  const token = data?.previewToken ?? data?.preview_token;
  return typeof token === 'string' ? token : undefined;
}

// Previews a pet cancellation, then commits it with the preview's token. A refused preview is the answer.
export async function commitPetCancel(
  client: Pick<EntityApi, 'post'>,
  matterId: number,
  email: string,
  request: PetCancelRequest,
  options?: RequestOptions,
): Promise<ApiResponse> {
  const path = `/v2/policies/${matterId}/cancel`;
  const preview = await client.post(path, email, { data: { ...request, commit: false } });
  if (preview.status !== 200) return preview;
  const previewToken = previewTokenOf(preview);
  return client.post(path, email, { data: { ...request, commit: true, previewToken } }, options);
}
