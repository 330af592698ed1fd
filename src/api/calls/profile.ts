import { queryOptions } from '@tanstack/react-query';
import { STALE_TIME } from '../cacheTimes';
import { apiRequest } from '../client';
import { ProfileResponse, type Profile } from '../schemas/session';

// GET /v2/my/profile: the signed-in user with roles and privilege codes.
export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return ProfileResponse.parse(await apiRequest('/v2/my/profile', { signal })).data;
}

export const profileQuery = queryOptions({
  queryKey: ['my', 'profile'],
  queryFn: ({ signal }) => fetchProfile(signal),
  staleTime: STALE_TIME.profile,
});
