import type { AccessSubject } from './access';
import type { ActingEntity, Profile } from './schemas/session';

// What the guards and the menu check privileges against (SPEC §6).
export function toAccessSubject(profile: Profile, acting: ActingEntity | null | undefined): AccessSubject {
  return {
    privilegeCodes: profile.privilegeCodes,
    isAdmin: profile.isAdmin,
    isInternalAgent: profile.isInternalAgent,
    actingEntityAttributes: acting?.attributes ?? [],
  };
}
