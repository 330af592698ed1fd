import { lazy, type ReactNode } from 'react';

// The commission payments screen by PORTAL_ROUTES id, loaded on first use.
const CommissionPaymentsScreen = lazy(() =>
  import('./CommissionPaymentsScreen').then((m) => ({ default: m.CommissionPaymentsScreen })),
);

export const COMMISSION_PAYMENT_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  'commission-payments': () => <CommissionPaymentsScreen />,
};
