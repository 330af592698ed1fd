import { NavLink } from 'react-router-dom';
import type { VisibleMenuGroup } from '../../api/visibleMenu';

export interface SideMenuProps {
  id: string;
  groups: readonly VisibleMenuGroup[];
  logoutHref: string;
  onNavigate?: () => void;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-1.5 text-sm transition ${
    isActive ? 'bg-indigo-600 font-medium text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
  }`;

// SPEC §2: the groups and items the caller found allowed, then Logout.
export function SideMenu({ id, groups, logoutHref, onNavigate }: SideMenuProps) {
  return (
    <nav id={id} aria-label="Main menu" className="flex h-full flex-col gap-5 overflow-y-auto px-3 py-4">
      {groups.map((group) => {
        const headingId = `${id}-${group.label.replace(/\W+/g, '-').toLowerCase()}`;
        return (
          <section key={group.label} aria-labelledby={headingId} data-menu-group={group.label}>
            <h2
              id={headingId}
              className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-slate-400"
            >
              {group.label}
            </h2>
            <ul className="space-y-0.5">
              {group.items.map((item) => (
                <li key={item.route.id}>
                  <NavLink to={item.to} end className={linkClass} onClick={onNavigate}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <div className="mt-auto border-t border-slate-800 pt-3">
        <NavLink to={logoutHref} className={linkClass} data-menu-logout="">
          Logout
        </NavLink>
      </div>
    </nav>
  );
}
