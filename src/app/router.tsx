import { Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router-dom';
import { authenticated } from '../api/access';
import { PORTAL_ROUTES, type PortalRoute } from '../api/portalRoutes';
import { ForgotPasswordScreen } from '../features/auth/ForgotPasswordScreen';
import { LoginScreen } from '../features/auth/LoginScreen';
import { LogoutScreen } from '../features/auth/LogoutScreen';
import { ResetPasswordScreen } from '../features/auth/ResetPasswordScreen';
import { Spinner } from '../ui/feedback/Spinner';
import { NotAvailableScreen } from '../ui/screens/NotAvailableScreen';
import { NotFoundScreen } from '../ui/screens/NotFoundScreen';
import { DashboardRoute } from './DashboardRoute';
import { guardLoader, loginLoader, type GuardDeps } from './guards';
import { GuestRoute } from './GuestRoute';
import { lastPath } from './lastPath';
import { RememberPath } from './RememberPath';
import { RouteError } from './RouteError';
import { SCREENS } from './screens';

// The route table of SPEC §2, built from PORTAL_ROUTES. Screens of later issues plug in here.
function screenFor(route: PortalRoute) {
  const screen = SCREENS[route.id];
  return (
    <Suspense fallback={<Spinner label={`Loading ${route.title}…`} />}>
      {screen ? screen() : <NotAvailableScreen title={route.title} area={route.area} />}
    </Suspense>
  );
}

export function createPortalRouter(deps: GuardDeps) {
  return createBrowserRouter([
    {
      id: 'root',
      element: <Outlet />,
      hydrateFallbackElement: <Spinner label="Starting the portal…" />,
      errorElement: <RouteError />,
      children: [
        {
          element: <GuestRoute />,
          errorElement: <RouteError />,
          children: [
            { path: '/login', loader: loginLoader(deps), element: <LoginScreen /> },
            {
              path: '/logout',
              // The next user of this tab must not be sent "back" into the previous user's screens.
              loader: () => {
                lastPath.clear();
                return null;
              },
              element: <LogoutScreen />,
            },
            { path: '/forgot-password', element: <ForgotPasswordScreen /> },
            { path: '/reset-password', element: <ResetPasswordScreen /> },
          ],
        },
        {
          element: <DashboardRoute />,
          children: [
            ...PORTAL_ROUTES.map((route) => ({
              id: route.id,
              path: route.path,
              loader: guardLoader(route, deps),
              element: <RememberPath>{screenFor(route)}</RememberPath>,
              errorElement: <RouteError />,
            })),
            {
              id: 'not-found',
              path: '*',
              loader: guardLoader({ check: authenticated }, deps),
              element: <NotFoundScreen />,
              errorElement: <RouteError />,
            },
          ],
        },
      ],
    },
  ]);
}

export type PortalRouter = ReturnType<typeof createPortalRouter>;
