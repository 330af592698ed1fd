import type { ReactNode } from 'react';

// Screens of the role and user administration and own-settings routes, by PORTAL_ROUTES id.
export const ACCESS_SCREENS: Readonly<Record<string, () => ReactNode>> = {};
