import { Link, matchPath, useLocation } from 'react-router-dom';
import { PORTAL_ROUTES, type PortalRoute } from '../../api/portalRoutes';

// The route table's entry for a path: the first whose pattern matches the whole path (the table lists
// "/admin/entities/add" before "/admin/entities/:id", so the fixed path wins).
export function routeAt(pathname: string): PortalRoute | null {
  return PORTAL_ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname)) ?? null;
}

// The header's "where you are": Home, then the screen's area and title ("Policies › Policy") rather than the
// same "Home" on every screen. The area is words, not a link: not every area has a screen of its own.
export function WhereYouAre() {
  const route = routeAt(useLocation().pathname);
  const trail = route && route.id !== 'home' ? [route.area, route.title].filter(unique) : [];
  return (
    <nav aria-label="Where you are" className="hidden min-w-0 items-center gap-1.5 text-sm sm:flex">
      <Link to="/" className="rounded-md px-2 py-1 text-slate-500 hover:text-slate-900">
        Home
      </Link>
      {trail.map((part, i) => (
        <span key={part} className="flex min-w-0 items-center gap-1.5">
          <span aria-hidden="true" className="text-slate-300">
            ›
          </span>
          <span
            className={`truncate ${i === trail.length - 1 ? 'font-medium text-slate-800' : 'text-slate-500'}`}
            aria-current={i === trail.length - 1 ? 'page' : undefined}
          >
            {part}
          </span>
        </span>
      ))}
    </nav>
  );
}

function unique(part: string, index: number, all: readonly string[]): boolean {
  return all.indexOf(part) === index;
}
