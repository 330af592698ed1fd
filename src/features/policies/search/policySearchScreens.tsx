import { lazy, type ReactNode } from 'react';

// The policy search screen by PORTAL_ROUTES id, loaded on first use.
const PolicySearchScreen = lazy(() =>
  import('./PolicySearchScreen').then((m) => ({ default: m.PolicySearchScreen })),
);

export const POLICY_SEARCH_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  policies: () => <PolicySearchScreen />,
};
