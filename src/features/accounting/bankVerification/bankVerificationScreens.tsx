import { lazy, type ReactNode } from 'react';

// The bank account verification screen by PORTAL_ROUTES id, loaded on first use.
const BankVerificationScreen = lazy(() =>
  import('./BankVerificationScreen').then((m) => ({ default: m.BankVerificationScreen })),
);

export const BANK_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  'bank-verification': () => <BankVerificationScreen />,
};
