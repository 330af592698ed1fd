import { apiRequest } from '../client';
import { MessageResponse } from '../schemas/auth';
import type { PasswordChangeRequest, ProfileUpdateRequest } from '../schemas/mySettings';
import { ProfileResponse, type Profile } from '../schemas/session';

// Own settings: PATCH /v2/my/profile and POST /v2/my/password. The profile itself is read through
// profileQuery (calls/profile.ts); callers invalidate it after a change.
export async function updateMyProfile(body: ProfileUpdateRequest): Promise<Profile> {
  return ProfileResponse.parse(await apiRequest('/v2/my/profile', { method: 'PATCH', body })).data;
}

export async function changeMyPassword(body: PasswordChangeRequest): Promise<string> {
  return MessageResponse.parse(await apiRequest('/v2/my/password', { method: 'POST', body })).message;
}
