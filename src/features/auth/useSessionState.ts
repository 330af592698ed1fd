import { useSelector } from '@xstate/react';
import type { SessionState } from '../../machines/session';
import { useSession } from './useSession';

// The session machine's current state (restoring, unauthorised, authorising, authorised, loggingOut).
export function useSessionState(): SessionState {
  const { actor } = useSession();
  return useSelector(actor, (s) => s.value as SessionState);
}
