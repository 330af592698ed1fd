import { isAllowed, type AccessSubject } from './access';
import { MENU, portalRoute, type PortalRoute } from './portalRoutes';

export interface VisibleMenuItem {
  label: string;
  route: PortalRoute;
  // Where the item leads: the route's path, its :id the acting entity's (Entity Settings, SPEC §2).
  to: string;
}

export interface VisibleMenuGroup {
  label: string;
  items: VisibleMenuItem[];
}

// SPEC §2: an item shows when its route's check (and the item's own, if any) passes; a group shows when any
// item does. An item whose route names an entity leads to the entity acted for, and waits until it is known.
export function visibleMenu(
  subject: AccessSubject | null,
  acting?: { id: number } | null,
): VisibleMenuGroup[] {
  return MENU.map((group) => ({
    label: group.label,
    items: group.items.flatMap((item): VisibleMenuItem[] => {
      const route = portalRoute(item.routeId);
      if (item.check && !isAllowed(item.check, subject)) return [];
      if (!isAllowed(route.check, subject)) return [];
      const to = menuPath(route, acting);
      return to === null ? [] : [{ label: item.label, route, to }];
    }),
  })).filter((group) => group.items.length > 0);
}

function menuPath(route: PortalRoute, acting: { id: number } | null | undefined): string | null {
  if (!route.path.includes(':id')) return route.path;
  return acting ? route.path.replace(':id', String(acting.id)) : null;
}

// SPEC §2: the logo goes to the dashboard when the user may view it, otherwise to quote search.
export function logoTarget(subject: AccessSubject | null): string {
  const dashboard = portalRoute('dashboard');
  return isAllowed(dashboard.check, subject) ? dashboard.path : portalRoute('quotes').path;
}
