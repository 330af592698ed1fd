import { formatBusinessDate } from '../../calendar';

export interface SandboxState {
  businessDate: string;
  clockMoved: boolean;
}

// A sandbox says so on every screen, so nobody takes its demo business for the real one; once its clock has
// been moved forward it also says which business day it stands on, since that is no longer today.
export function SandboxBanner({ sandbox }: { sandbox: SandboxState | null }) {
  if (!sandbox) return null;
  return (
    <div
      role="note"
      data-print-hide
      data-testid="sandbox-banner"
      className="bg-amber-100 px-4 py-1.5 text-center text-xs text-amber-900 sm:px-6"
    >
      <span className="font-semibold">Sandbox</span>: demo business, no real policies or payments.
      {sandbox.clockMoved && (
        <>
          {' '}
          Business date <span className="font-semibold">{formatBusinessDate(sandbox.businessDate)}</span> (the
          clock was moved forward).
        </>
      )}
    </div>
  );
}
