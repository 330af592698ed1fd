import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType, type ReactNode } from 'react';
import type { Params } from 'react-router-dom';

// What a route knows as it is entered, before its guard has checked the session.
export interface ScreenPreload {
  params: Params;
  url: URL;
  queryClient: QueryClient;
  // Tokens are stored, so the screen's data may be asked for alongside the session check.
  signedIn: boolean;
}

// A screen of the route table. `preload` starts fetching the screen's code (and, where it knows it, its
// first data) as the route is entered, alongside the guard, instead of after the guard let it render.
export interface ScreenEntry {
  (): ReactNode;
  preload?(request: ScreenPreload): void;
}

export function screenEntry(render: () => ReactNode, preload: ScreenEntry['preload']): ScreenEntry {
  return Object.assign(render, { preload });
}

// React.lazy whose code can be fetched before it renders. A failed fetch is forgotten, so rendering tries
// again and shows the error where the screen would be.
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  const Screen = lazy(() => start().then((component) => ({ default: component })));
  return Object.assign(Screen, {
    preload(): void {
      start().catch(() => undefined);
    },
  });
}
