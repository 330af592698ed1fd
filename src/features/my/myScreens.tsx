import { lazy, type ReactNode } from 'react';

// Screens of the signed-in user's own routes, by PORTAL_ROUTES id.
const MySettingsScreen = lazy(() =>
  import('./MySettingsScreen').then((m) => ({ default: m.MySettingsScreen })),
);

export const MY_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  'my-settings': () => <MySettingsScreen />,
};
