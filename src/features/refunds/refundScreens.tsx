import { lazyScreen, screenEntry, type ScreenEntry } from '../../ui/screens/lazyScreen';

// The failed refunds queue by PORTAL_ROUTES id, loaded on first use.
const FailedRefundsScreen = lazyScreen(() =>
  import('./FailedRefundsScreen').then((m) => m.FailedRefundsScreen),
);

export const REFUND_SCREENS: Readonly<Record<string, ScreenEntry>> = {
  'failed-refunds': screenEntry(
    () => <FailedRefundsScreen />,
    () => FailedRefundsScreen.preload(),
  ),
};
