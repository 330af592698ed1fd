import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createPortalQueryClient } from './app/queryClient';
import { createPortalRouter } from './app/router';
import { createSessionService } from './features/auth/sessionService';
import './styles.css';

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
