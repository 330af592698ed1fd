import { lazy, type ReactNode } from 'react';

// The renters policy search screen by PORTAL_ROUTES id, loaded on first use.
const RentersPolicySearchScreen = lazy(() =>
  import('./RentersPolicySearchScreen').then((m) => ({ default: m.RentersPolicySearchScreen })),
);

export const RENTERS_SEARCH_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  'renters-policies': () => <RentersPolicySearchScreen />,
};
