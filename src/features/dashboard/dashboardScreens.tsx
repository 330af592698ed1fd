import { lazy, type ReactNode } from 'react';

// The dashboard by PORTAL_ROUTES id, loaded on first use.
const DashboardScreen = lazy(() => import('./DashboardScreen').then((m) => ({ default: m.DashboardScreen })));

export const DASHBOARD_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  dashboard: () => <DashboardScreen />,
};
