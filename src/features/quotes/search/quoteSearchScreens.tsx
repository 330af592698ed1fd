import { lazy, type ReactNode } from 'react';

// The quote search screen by PORTAL_ROUTES id, loaded on first use.
const QuoteSearchScreen = lazy(() =>
  import('./QuoteSearchScreen').then((m) => ({ default: m.QuoteSearchScreen })),
);

export const QUOTE_SEARCH_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  quotes: () => <QuoteSearchScreen />,
};
