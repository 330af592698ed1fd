import { lazy, type ReactNode } from 'react';

// The policy 360 screen by PORTAL_ROUTES id, loaded on first use.
const PolicyScreen = lazy(() => import('./PolicyScreen').then((m) => ({ default: m.PolicyScreen })));

export const POLICY_VIEW_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  policy: () => <PolicyScreen />,
};
