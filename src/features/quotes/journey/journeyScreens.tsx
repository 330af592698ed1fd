import { lazy, type ReactNode } from 'react';

// Screens of the pet quote journey (SPEC §2), by PORTAL_ROUTES id, loaded on first use.
const StartScreen = lazy(() => import('./StartScreen').then((m) => ({ default: m.StartScreen })));
const RatingInfoScreen = lazy(() =>
  import('./RatingInfoScreen').then((m) => ({ default: m.RatingInfoScreen })),
);
const UnderwritingScreen = lazy(() =>
  import('./UnderwritingScreen').then((m) => ({ default: m.UnderwritingScreen })),
);
const CoverageScreen = lazy(() => import('./CoverageScreen').then((m) => ({ default: m.CoverageScreen })));
const CheckoutScreen = lazy(() => import('./CheckoutScreen').then((m) => ({ default: m.CheckoutScreen })));
const ThankYouScreen = lazy(() => import('./ThankYouScreen').then((m) => ({ default: m.ThankYouScreen })));

export const JOURNEY_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  'quote-journey-start': () => <StartScreen />,
  'quote-journey-rating': () => <RatingInfoScreen />,
  'quote-journey-uw': () => <UnderwritingScreen />,
  'quote-journey-coverage': () => <CoverageScreen />,
  'quote-journey-checkout': () => <CheckoutScreen />,
  'quote-journey-thanks': () => <ThankYouScreen />,
};
