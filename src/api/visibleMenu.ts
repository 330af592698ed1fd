import { isAllowed, type AccessSubject } from './access';
import { MENU, portalRoute, type PortalRoute } from './portalRoutes';

export interface VisibleMenuItem {
  label: string;
  route: PortalRoute;
}

export interface VisibleMenuGroup {
  label: string;
  items: VisibleMenuItem[];
}

// SPEC §2: an item shows when its route's check (and the item's own, if any) passes; a group shows when any
// item does.
export function visibleMenu(subject: AccessSubject | null): VisibleMenuGroup[] {
  return MENU.map((group) => ({
    label: group.label,
    items: group.items
      .filter((item) => !item.check || isAllowed(item.check, subject))
      .map((item) => ({ label: item.label, route: portalRoute(item.routeId) }))
      .filter((item) => isAllowed(item.route.check, subject)),
  })).filter((group) => group.items.length > 0);
}

// SPEC §2: the logo goes to the dashboard when the user may view it, otherwise to quote search.
export function logoTarget(subject: AccessSubject | null): string {
  const dashboard = portalRoute('dashboard');
  return isAllowed(dashboard.check, subject) ? dashboard.path : portalRoute('quotes').path;
}
