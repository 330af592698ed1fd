import { useSelector } from '@xstate/react';
import { useSession } from './useSession';

export interface SessionError {
  message: string | null;
  fields: Record<string, string[]>;
}

// The last login failure or expiry message, kept by the session machine.
export function useSessionError(): SessionError {
  const { actor } = useSession();
  const message = useSelector(actor, (s) => s.context.error);
  const fields = useSelector(actor, (s) => s.context.fieldErrors);
  return { message, fields };
}
