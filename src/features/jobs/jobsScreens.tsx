import { lazyScreen, screenEntry, type ScreenEntry } from '../../ui/screens/lazyScreen';

// The jobs screen by PORTAL_ROUTES id, loaded on first use.
const JobsScreen = lazyScreen(() => import('./JobsScreen').then((m) => m.JobsScreen));

export const JOBS_SCREENS: Readonly<Record<string, ScreenEntry>> = {
  'admin-jobs': screenEntry(
    () => <JobsScreen />,
    () => JobsScreen.preload(),
  ),
};
