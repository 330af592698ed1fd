import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Button } from '../forms/Button';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  // The button that closes without acting ("Cancel" unless said otherwise).
  cancelLabel?: string;
  // Destructive actions (deactivate, delete) are shown in red.
  danger?: boolean;
  busy?: boolean;
  error?: string | null;
  onConfirm(): void;
  onClose(): void;
}

// Asks before a destructive action. Headless UI traps focus in the dialog and returns it on close.
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger,
  busy,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? () => undefined : onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
          <Description as="div" className="mt-2 text-sm text-slate-600">
            {children}
          </Description>
          {error && (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {cancelLabel}
            </Button>
            <Button
              onClick={onConfirm}
              busy={busy}
              className={
                danger ? 'bg-red-600 hover:bg-red-500 focus-visible:outline-red-600 disabled:bg-red-300' : ''
              }
            >
              {confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
