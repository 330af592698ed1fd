import { lazyScreen, screenEntry, type ScreenEntry } from '../../ui/screens/lazyScreen';

// The QA screens by PORTAL_ROUTES id, loaded on first use: the layout code and the machines' drawings stay
// out of every other screen's download.
const TransitionExplorerScreen = lazyScreen(() =>
  import('./TransitionExplorerScreen').then((m) => m.TransitionExplorerScreen),
);

export const QA_SCREENS: Readonly<Record<string, ScreenEntry>> = {
  'admin-statecharts': screenEntry(
    () => <TransitionExplorerScreen />,
    () => TransitionExplorerScreen.preload(),
  ),
};
