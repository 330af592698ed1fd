import { CLIENT_VERSION } from '../../api/version';
import type { SandboxState } from './SandboxBanner';

export interface PortalFooterProps {
  environment: string | null;
  legalName: string | null;
  // Shown at the top of the page by the layout (SandboxBanner.tsx); null in production.
  sandbox?: SandboxState | null;
  year?: number;
}

// SPEC §1: environment, version, year and legal name under every dashboard page.
export function PortalFooter({ environment, legalName, year = new Date().getFullYear() }: PortalFooterProps) {
  return (
    <footer className="border-t border-slate-200 bg-white px-4 py-3 text-xs text-slate-500 sm:px-6">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        {environment && (
          <span>
            Environment{' '}
            <span className="font-medium text-slate-700" data-testid="environment">
              {environment}
            </span>
          </span>
        )}
        <span data-testid="version">v{CLIENT_VERSION}</span>
        <span>
          © {year}
          {legalName && (
            <>
              {' '}
              <span data-testid="legal-name">{legalName}</span>
            </>
          )}
        </span>
      </div>
    </footer>
  );
}
