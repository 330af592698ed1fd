import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { SessionProvider } from '../features/auth/SessionProvider';
import type { SessionService } from '../features/auth/sessionService';
import { Toaster } from '../ui/feedback/Toaster';
import type { PortalRouter } from './router';

export interface AppProps {
  queryClient: QueryClient;
  session: SessionService;
  router: PortalRouter;
}

export function App({ queryClient, session, router }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider session={session}>
        <RouterProvider router={router} />
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}
