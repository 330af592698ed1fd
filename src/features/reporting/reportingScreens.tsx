import { lazy, type ReactNode } from 'react';

// The reporting screens by PORTAL_ROUTES id, loaded on first use.
const ReportRegistryScreen = lazy(() =>
  import('./ReportRegistryScreen').then((m) => ({ default: m.ReportRegistryScreen })),
);
const StatementReportScreen = lazy(() =>
  import('./StatementReportScreen').then((m) => ({ default: m.StatementReportScreen })),
);
const NwpReportScreen = lazy(() => import('./NwpReportScreen').then((m) => ({ default: m.NwpReportScreen })));

export const REPORTING_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  reporting: () => <ReportRegistryScreen />,
  'report-statements': () => <StatementReportScreen />,
  'report-nwp': () => <NwpReportScreen />,
};
