import type { ReactNode } from 'react';

// Screens of the entity administration and agent entity routes, by PORTAL_ROUTES id.
export const ENTITY_SCREENS: Readonly<Record<string, () => ReactNode>> = {};
