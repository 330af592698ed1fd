import { lazy, type ReactNode } from 'react';

// Screens of the user administration routes, by PORTAL_ROUTES id, loaded on first use.
const UserSearchScreen = lazy(() =>
  import('./UserSearchScreen').then((m) => ({ default: m.UserSearchScreen })),
);
const UserAddScreen = lazy(() => import('./UserAddScreen').then((m) => ({ default: m.UserAddScreen })));
const UserScreen = lazy(() => import('./UserScreen').then((m) => ({ default: m.UserScreen })));

export const ACCESS_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  'admin-users': () => <UserSearchScreen />,
  'admin-user-add': () => <UserAddScreen />,
  'admin-user': () => <UserScreen />,
};
