import type { ReactNode } from 'react';
import { Alert } from '../../ui/feedback/Alert';
import { Button } from '../../ui/forms/Button';

export interface SaveBarProps {
  busy: boolean;
  // Shown after a save succeeded, until the next change.
  saved: string | null;
  error: string | null;
  label?: string;
  disabled?: boolean;
  children?: ReactNode;
  className?: string;
}

// The bottom of a record form: outcome of the last save and the save button.
export function SaveBar({
  busy,
  saved,
  error,
  label = 'Save changes',
  disabled,
  children,
  className,
}: SaveBarProps) {
  return (
    <div
      className={
        className ?? 'mt-6 flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 pt-5'
      }
    >
      <div className="mr-auto min-w-0">
        {error && <Alert tone="error">{error}</Alert>}
        {!error && saved && <Alert tone="success">{saved}</Alert>}
      </div>
      {children}
      <Button type="submit" busy={busy} disabled={disabled}>
        {label}
      </Button>
    </div>
  );
}
