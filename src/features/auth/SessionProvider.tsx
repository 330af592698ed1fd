import type { ReactNode } from 'react';
import { SessionContext } from './sessionContext';
import type { SessionService } from './sessionService';

export interface SessionProviderProps {
  session: SessionService;
  children: ReactNode;
}

export function SessionProvider({ session, children }: SessionProviderProps) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
