import { lazy, type ReactNode } from 'react';

// Screens of the entity administration and agent entity routes, by PORTAL_ROUTES id, loaded on first use.
const EntitySearchScreen = lazy(() =>
  import('./EntitySearchScreen').then((m) => ({ default: m.EntitySearchScreen })),
);
const EntityAddScreen = lazy(() => import('./EntityAddScreen').then((m) => ({ default: m.EntityAddScreen })));
const EntityEditScreen = lazy(() =>
  import('./EntityEditScreen').then((m) => ({ default: m.EntityEditScreen })),
);
const MyEntitiesScreen = lazy(() =>
  import('./MyEntitiesScreen').then((m) => ({ default: m.MyEntitiesScreen })),
);
const MyEntityScreen = lazy(() => import('./MyEntityScreen').then((m) => ({ default: m.MyEntityScreen })));

export const ENTITY_SCREENS: Readonly<Record<string, () => ReactNode>> = {
  'admin-entities': () => <EntitySearchScreen />,
  'admin-entity-add': () => <EntityAddScreen />,
  'admin-entity': () => <EntityEditScreen />,
  'my-entities': () => <MyEntitiesScreen />,
  'my-entity': () => <MyEntityScreen />,
};
