import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { VisibleMenuGroup } from '../../api/visibleMenu';
import { ProgressBar } from '../feedback/ProgressBar';
import { useFocusInvalidOnSubmit } from '../forms/useFocusInvalidOnSubmit';
import { ActingEntitySelect, type ActingEntitySelectProps } from './ActingEntitySelect';
import { Logo } from './Logo';
import { PortalFooter, type PortalFooterProps } from './PortalFooter';
import { SandboxBanner } from './SandboxBanner';
import { SideMenu } from './SideMenu';
import { SkipLink } from './SkipLink';
import { useFocusOnNavigate } from './useFocusOnNavigate';
import { useMenuOpen } from './useMenuOpen';
import { WhereYouAre } from './WhereYouAre';

export interface DashboardLayoutProps {
  brandName: string;
  logoHref: string;
  userName: string;
  menu: readonly VisibleMenuGroup[];
  actingEntity: ActingEntitySelectProps | null;
  footer: PortalFooterProps;
  busy?: boolean;
  children: ReactNode;
}

const MENU_ID = 'main-menu';
const CONTENT_ID = 'content';

// Every signed-in screen (SPEC §2): collapsible side menu with the logo, header, content, footer.
export function DashboardLayout(props: DashboardLayoutProps) {
  const { brandName, logoHref, userName, menu, actingEntity, footer, busy = false, children } = props;
  const { open, toggle, closeOnNarrow, toggleRef } = useMenuOpen(MENU_ID);
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigate(mainRef);
  useFocusInvalidOnSubmit();
  return (
    <div className="flex min-h-screen bg-slate-50">
      <SkipLink targetId={CONTENT_ID} />
      <ProgressBar busy={busy} />
      {open && (
        <button
          type="button"
          aria-label="Close menu"
          tabIndex={-1}
          onClick={toggle}
          className="fixed inset-0 z-30 bg-slate-900/40 lg:hidden"
        />
      )}
      {/* The dark column runs the page's whole height; its content stays in sight while the page scrolls.
          Closed, it is invisible as well as moved away, so Tab does not wander through links nobody sees; it
          turns visible at once on opening (focus moves into it) and invisible only once it has slid away. */}
      <aside
        data-print-hide
        className={`fixed inset-y-0 left-0 z-40 w-64 bg-slate-900 lg:static lg:shrink-0 ${
          open
            ? 'visible translate-x-0 transition-transform'
            : 'invisible -translate-x-full transition-[transform,visibility] lg:hidden'
        }`}
      >
        <div className="flex h-full flex-col lg:sticky lg:top-0 lg:h-screen">
          <div className="flex h-16 shrink-0 items-center border-b border-slate-800 px-5">
            <Logo brandName={brandName} href={logoHref} inverted />
          </div>
          <SideMenu id={MENU_ID} groups={menu} logoutHref="/logout" onNavigate={closeOnNarrow} />
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <SandboxBanner sandbox={footer.sandbox ?? null} />
        <header
          data-print-hide
          className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6"
        >
          <button
            ref={toggleRef}
            type="button"
            onClick={toggle}
            aria-controls={MENU_ID}
            aria-expanded={open}
            className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <span className="sr-only">{open ? 'Hide menu' : 'Show menu'}</span>
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-current">
              <path d="M3 5h14v1.5H3zM3 9.25h14v1.5H3zM3 13.5h14V15H3z" />
            </svg>
          </button>
          <WhereYouAre />
          <div className="flex min-w-0 flex-1 justify-end">
            {actingEntity && <ActingEntitySelect {...actingEntity} />}
          </div>
          {/* The signed-in user's own settings (profile, password) are one click away on every screen. */}
          <Link
            to="/my/settings"
            title="My settings"
            className="flex shrink-0 items-center gap-2 rounded-md border-l border-slate-200 pl-3 hover:text-indigo-700"
          >
            <span
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700"
            >
              {initials(userName)}
            </span>
            <span className="hidden text-sm font-medium text-slate-800 md:block" data-testid="user-name">
              {userName}
            </span>
            <span className="sr-only">: my settings</span>
          </Link>
        </header>
        <main ref={mainRef} id={CONTENT_ID} tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-8">
          {children}
        </main>
        <PortalFooter {...footer} />
      </div>
    </div>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}
