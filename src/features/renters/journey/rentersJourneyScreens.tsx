import { lazy, type ReactNode } from 'react';

// Screens of the renters quote journey (SPEC §2 "Renters"), by PORTAL_ROUTES id, loaded on first use.
const RentersStartScreen = lazy(() =>
  import('./RentersStartScreen').then((m) => ({ default: m.RentersStartScreen })),
);
const RentersQuoteScreen = lazy(() =>
  import('./RentersQuoteScreen').then((m) => ({ default: m.RentersQuoteScreen })),
);

export const RENTERS_JOURNEY_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  'renters-quote-start': () => <RentersStartScreen />,
  'renters-quote': () => <RentersQuoteScreen />,
};
