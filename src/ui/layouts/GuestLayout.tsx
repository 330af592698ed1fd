import { useRef, type ReactNode } from 'react';
import { ProgressBar } from '../feedback/ProgressBar';
import { useFocusInvalidOnSubmit } from '../forms/useFocusInvalidOnSubmit';
import { Logo } from './Logo';
import { PortalFooter, type PortalFooterProps } from './PortalFooter';
import { SandboxBanner } from './SandboxBanner';
import { useFocusOnNavigate } from './useFocusOnNavigate';

export interface GuestLayoutProps {
  brandName: string;
  footer: PortalFooterProps;
  busy?: boolean;
  children: ReactNode;
}

// Login, logout and the password screens: one centred card, no menu.
export function GuestLayout({ brandName, footer, busy = false, children }: GuestLayoutProps) {
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigate(mainRef);
  useFocusInvalidOnSubmit();
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-slate-100 via-slate-50 to-indigo-50">
      <ProgressBar busy={busy} />
      <SandboxBanner sandbox={footer.sandbox ?? null} />
      <header className="px-6 py-5">
        <Logo brandName={brandName} />
      </header>
      <main
        ref={mainRef}
        id="content"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 outline-none sm:pt-16"
      >
        <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
          {children}
        </div>
      </main>
      <PortalFooter {...footer} />
    </div>
  );
}
