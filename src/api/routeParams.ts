import type { PortalRoute } from './portalRoutes';

// SPEC §5: ids in paths are whole numbers, the quote lookup is a UUID. A bad value means the
// record cannot exist, so the portal answers "not found" instead of calling the server.
const INTEGER = /^\d{1,15}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function invalidRouteParams(
  route: Pick<PortalRoute, 'params'>,
  params: Record<string, string | undefined>,
): string[] {
  return Object.entries(route.params ?? {})
    .filter(([name, kind]) => {
      const value = params[name];
      // An optional parameter (":uuid?") may be absent.
      if (value === undefined || value === '') return false;
      return kind === 'integer' ? !INTEGER.test(value) : !UUID.test(value);
    })
    .map(([name]) => name);
}
