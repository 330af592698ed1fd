import { useContext } from 'react';
import { SessionContext } from './sessionContext';
import type { SessionService } from './sessionService';

export function useSession(): SessionService {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>.');
  return session;
}
