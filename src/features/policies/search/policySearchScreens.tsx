import { lazyScreen, screenEntry, type ScreenEntry } from '../../../ui/screens/lazyScreen';

// The policy search screen by PORTAL_ROUTES id; its code is fetched as the route is entered.
const PolicySearchScreen = lazyScreen(() => import('./PolicySearchScreen').then((m) => m.PolicySearchScreen));

export const POLICY_SEARCH_SCREENS: Readonly<Record<string, ScreenEntry>> = {
  policies: screenEntry(
    () => <PolicySearchScreen />,
    () => PolicySearchScreen.preload(),
  ),
};
