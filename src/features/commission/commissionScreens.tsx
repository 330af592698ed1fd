import { lazy, type ReactNode } from 'react';

// The commission statement review screen by PORTAL_ROUTES id, loaded on first use.
const CommissionReviewScreen = lazy(() =>
  import('./CommissionReviewScreen').then((m) => ({ default: m.CommissionReviewScreen })),
);

export const COMMISSION_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  'commission-review': () => <CommissionReviewScreen />,
};
