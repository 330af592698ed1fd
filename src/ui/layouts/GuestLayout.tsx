import type { ReactNode } from 'react';
import { ProgressBar } from '../feedback/ProgressBar';
import { Logo } from './Logo';
import { PortalFooter, type PortalFooterProps } from './PortalFooter';

export interface GuestLayoutProps {
  brandName: string;
  footer: PortalFooterProps;
  busy?: boolean;
  children: ReactNode;
}

// Login, logout and the password screens: one centred card, no menu.
export function GuestLayout({ brandName, footer, busy = false, children }: GuestLayoutProps) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-slate-100 via-slate-50 to-indigo-50">
      <ProgressBar busy={busy} />
      <header className="px-6 py-5">
        <Logo brandName={brandName} />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:pt-16">
        <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
          {children}
        </div>
      </main>
      <PortalFooter {...footer} />
    </div>
  );
}
