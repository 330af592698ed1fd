import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createPortalQueryClient } from './app/queryClient';
import { createPortalRouter } from './app/router';
import { createSessionService } from './features/auth/sessionService';
import './styles.css';
import { config as zodConfig } from 'zod/v4/core';

// The portal's CSP allows no eval: zod must not probe for it, since a refused probe is reported as a
// violation even though zod catches it.
zodConfig({ jitless: true });

const queryClient = createPortalQueryClient();
const session = createSessionService(queryClient);
const router = createPortalRouter({ session, queryClient });

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} session={session} router={router} />
  </StrictMode>,
);
