import { createContext } from 'react';
import type { SessionService } from './sessionService';

export const SessionContext = createContext<SessionService | null>(null);
