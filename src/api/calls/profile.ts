import { queryOptions } from '@tanstack/react-query';
import { STALE_TIME } from '../cacheTimes';
import { apiRequest } from '../client';
import type { Profile } from '../schemas/session';

// GET /v2/my/profile: the signed-in user with roles and privilege codes. The session check asks for it from
// the first script, which leaves zod out: the schema loads alongside the call.
export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  const [answer, { ProfileResponse }] = await Promise.all([
    apiRequest('/v2/my/profile', { signal }),
    import('../schemas/session'),
  ]);
  return ProfileResponse.parse(answer).data;
}

export const profileQuery = queryOptions({
  queryKey: ['my', 'profile'],
  queryFn: ({ signal }) => fetchProfile(signal),
  staleTime: STALE_TIME.profile,
});
