import { lazy, type ReactNode } from 'react';

// Screens of the role administration routes, by PORTAL_ROUTES id.
const RoleSearchScreen = lazy(() =>
  import('./RoleSearchScreen').then((m) => ({ default: m.RoleSearchScreen })),
);
const RoleAddScreen = lazy(() => import('./RoleAddScreen').then((m) => ({ default: m.RoleAddScreen })));
const RoleScreen = lazy(() => import('./RoleScreen').then((m) => ({ default: m.RoleScreen })));

export const ROLE_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  'admin-roles': () => <RoleSearchScreen />,
  'admin-role-add': () => <RoleAddScreen />,
  'admin-role': () => <RoleScreen />,
};
