import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { PORTAL_ROUTES } from '../api/portalRoutes';

// The screens outside PORTAL_ROUTES, by path.
const GUEST_TITLES: Readonly<Record<string, string>> = {
  '/login': 'Sign in',
  '/logout': 'Signing out',
  '/forgot-password': 'Forgot password',
  '/reset-password': 'Reset password',
};

export const NOT_FOUND_TITLE = 'Page not found';

// What the browser's tab and history say of a screen: "<Title> · <brand>" (the deepest matching route's).
export function pageTitleOf(routeId: string | undefined, pathname: string, brand: string): string {
  const title =
    routeId === 'not-found'
      ? NOT_FOUND_TITLE
      : (PORTAL_ROUTES.find((route) => route.id === routeId)?.title ?? GUEST_TITLES[pathname]);
  return title ? `${title} · ${brand}` : brand;
}

// Keeps document.title on the current screen's title; a screen reader announces it with the page.
export function usePageTitle(brand: string): void {
  const matches = useMatches();
  const { pathname } = useLocation();
  const title = pageTitleOf(matches.at(-1)?.id, pathname, brand);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
