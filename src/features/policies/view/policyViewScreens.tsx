import { lazyScreen, screenEntry, type ScreenEntry } from '../../../ui/screens/lazyScreen';

// The policy 360 screen by PORTAL_ROUTES id. As the route is entered, the policy, its claims and the screen's
// code are fetched alongside the session check. The calls and their schemas (about 4 kB) load on demand too,
// rather than in every page's first script: the price is a small script fetched before the two calls.
const PolicyScreen = lazyScreen(() => import('./PolicyScreen').then((m) => m.PolicyScreen));

export const POLICY_VIEW_SCREENS: Readonly<Record<string, ScreenEntry>> = {
  policy: screenEntry(
    () => <PolicyScreen />,
    ({ params, url, queryClient, signedIn }) => {
      PolicyScreen.preload();
      if (!signedIn) return;
      import('./policyScreenData')
        .then((data) =>
          data.prefetchPolicyScreen(queryClient, Number(params.matterId), url.searchParams.get('tab')),
        )
        // The screen asks again when it renders, and shows what went wrong.
        .catch(() => undefined);
    },
  ),
};
