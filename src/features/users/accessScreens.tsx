import { lazy, type ReactNode } from 'react';
import { MY_SCREENS } from '../my/myScreens';
import { ROLE_SCREENS } from '../roles/roleScreens';

// Screens of the role and user administration and own-settings routes, by PORTAL_ROUTES id. Roles and own
// settings keep their own folders and maps; this one map is what the portal's screen table takes in.
const UserSearchScreen = lazy(() =>
  import('./UserSearchScreen').then((m) => ({ default: m.UserSearchScreen })),
);
const UserAddScreen = lazy(() => import('./UserAddScreen').then((m) => ({ default: m.UserAddScreen })));
const UserScreen = lazy(() => import('./UserScreen').then((m) => ({ default: m.UserScreen })));

export const ACCESS_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  'admin-users': () => <UserSearchScreen />,
  'admin-user-add': () => <UserAddScreen />,
  'admin-user': () => <UserScreen />,
  ...ROLE_SCREENS,
  ...MY_SCREENS,
};
