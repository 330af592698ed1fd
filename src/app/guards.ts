import type { QueryClient } from '@tanstack/react-query';
import { data, redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { isAllowed, type AccessSubject } from '../api/access';
import { toAccessSubject } from '../api/accessSubject';
import { businessCalendarQuery } from '../api/calls/calendar';
import { myEntitiesQuery } from '../api/calls/myEntities';
import { profileQuery } from '../api/calls/profile';
import type { PortalRoute } from '../api/portalRoutes';
import { invalidRouteParams } from '../api/routeParams';
import { loginPathFor, safeRedirect } from '../features/auth/safeRedirect';
import type { SessionService } from '../features/auth/sessionService';
import { lastPath } from './lastPath';

export interface GuardDeps {
  session: SessionService;
  queryClient: QueryClient;
}

// Cached profile and entities answer at once; stale ones are refreshed behind the scenes (SPEC §9).
async function accessSubject({ queryClient }: GuardDeps): Promise<AccessSubject> {
  const [profile, entities] = await Promise.all([
    queryClient.ensureQueryData({ ...profileQuery, revalidateIfStale: true }),
    queryClient.ensureQueryData({ ...myEntitiesQuery, revalidateIfStale: true }),
    // The business zone is set before a screen shows a date; a failure leaves the default zone.
    queryClient.ensureQueryData({ ...businessCalendarQuery, revalidateIfStale: true }).catch(() => null),
  ]);
  return toAccessSubject(profile, entities.acting);
}

function pathOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

// SPEC §2 route guard: restore the session, send the unauthorised to login, reject impossible
// ids as not found (SPEC §5), and send a user the route does not allow back where they were.
export function guardLoader(route: Pick<PortalRoute, 'check' | 'params'>, deps: GuardDeps) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const here = pathOf(request);
    const session = await deps.session.ensureRestored();
    if (!session.matches('authorised')) throw redirect(loginPathFor(here));
    if (invalidRouteParams(route, params).length > 0) throw data('Not found', { status: 404 });
    if (!isAllowed(route.check, await accessSubject(deps))) {
      const back = lastPath.get();
      throw redirect(back && back !== here ? back : '/');
    }
    return null;
  };
}

// The login screen is for the signed-out; a signed-in user goes where they were heading.
export function loginLoader(deps: GuardDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const session = await deps.session.ensureRestored();
    if (session.matches('authorised')) {
      throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirect')));
    }
    return null;
  };
}
