import { lazyScreen, screenEntry, type ScreenEntry } from '../../ui/screens/lazyScreen';

// The session recordings screens by PORTAL_ROUTES id, loaded on first use (rrweb's replayer with them).
const SessionRecordingsScreen = lazyScreen(() =>
  import('./SessionRecordingsScreen').then((m) => m.SessionRecordingsScreen),
);
const SessionRecordingScreen = lazyScreen(() =>
  import('./SessionRecordingScreen').then((m) => m.SessionRecordingScreen),
);

export const SESSION_RECORDING_SCREENS: Readonly<Record<string, ScreenEntry>> = {
  'admin-session-recordings': screenEntry(
    () => <SessionRecordingsScreen />,
    () => SessionRecordingsScreen.preload(),
  ),
  'admin-session-recording': screenEntry(
    () => <SessionRecordingScreen />,
    () => SessionRecordingScreen.preload(),
  ),
};
