import { lazy, type ReactNode } from 'react';

// The renters policy edit screen by PORTAL_ROUTES id, loaded on first use.
const RentersPolicyScreen = lazy(() =>
  import('./RentersPolicyScreen').then((m) => ({ default: m.RentersPolicyScreen })),
);

export const RENTERS_POLICY_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  'renters-policy': () => <RentersPolicyScreen />,
};
