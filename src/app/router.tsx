import { Suspense } from 'react';
import { createBrowserRouter, Outlet, type LoaderFunctionArgs } from 'react-router-dom';
import { authenticated } from '../api/access';
import { brandQuery } from '../api/calls/brand';
import { PORTAL_ROUTES, type PortalRoute } from '../api/portalRoutes';
import { tokenStore } from '../api/tokens';
import { LoginScreen } from '../features/auth/LoginScreen';
import { Spinner } from '../ui/feedback/Spinner';
import { NotAvailableScreen } from '../ui/screens/NotAvailableScreen';
import { NotFoundScreen } from '../ui/screens/NotFoundScreen';
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

// A screen's route: its guard, with the screen's code (and data, where the screen says which) fetched
// alongside the guard's session check rather than after it. The preload starts a task later, once the
// guard's requests are on their way: over HTTP/1.1 a browser opens six connections to a host, and a screen's
// code can be twenty files that would otherwise queue ahead of the session check.
function screenLoader(route: PortalRoute, deps: GuardDeps) {
  const guard = guardLoader(route, deps);
  return (args: LoaderFunctionArgs) => {
    const checked = guard(args);
    const preload = SCREENS[route.id]?.preload;
    if (preload) {
      setTimeout(() =>
        preload({
          params: args.params,
          url: new URL(args.request.url),
          queryClient: deps.queryClient,
          signedIn: tokenStore.hasAny(),
        }),
      );
    }
    return checked;
  };
}

// Only the login screen is part of the first script: the signed-in layout and the other guest screens are
// fetched as their route is entered. Their `lazy` names the component alone, so react-router runs the
// loaders (session, data) at the same time instead of waiting for the code first.
export function createPortalRouter(deps: GuardDeps) {
  return createBrowserRouter([
    {
      id: 'root',
      // Every layout shows the brand: ask for it alongside the first route's loaders rather than when the
      // layout renders; it stays fresh for an hour (SPEC §9), so later navigations need not ask.
      loader: () => {
        void deps.queryClient.prefetchQuery(brandQuery);
        return null;
      },
      shouldRevalidate: () => false,
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
              lazy: { Component: () => import('../features/auth/LogoutScreen').then((m) => m.LogoutScreen) },
            },
            {
              path: '/forgot-password',
              lazy: {
                Component: () =>
                  import('../features/auth/ForgotPasswordScreen').then((m) => m.ForgotPasswordScreen),
              },
            },
            {
              path: '/reset-password',
              lazy: {
                Component: () =>
                  import('../features/auth/ResetPasswordScreen').then((m) => m.ResetPasswordScreen),
              },
            },
          ],
        },
        {
          lazy: { Component: () => import('./DashboardRoute').then((m) => m.DashboardRoute) },
          children: [
            ...PORTAL_ROUTES.map((route) => ({
              id: route.id,
              path: route.path,
              loader: screenLoader(route, deps),
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
