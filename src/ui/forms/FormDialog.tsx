import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from './Button';

export interface FormDialogProps {
  open: boolean;
  title: string;
  busy?: boolean;
  children: ReactNode;
  // The dialog's buttons, inside the form so Enter submits. Without them: Close and a submit button that
  // says submitLabel, the footer of every edit dialog.
  footer?: ReactNode;
  submitLabel?: string;
  onSubmit(): void;
  onClose(): void;
}

// A modal form (edit policyholder, cancel policy). It cannot be closed while its request runs.
export function FormDialog(props: FormDialogProps) {
  const { open, title, busy, children, footer, submitLabel = 'Save', onSubmit, onClose } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open={open} onClose={busy ? () => undefined : onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      {/* A dialog taller than the window scrolls from its top: centring happens inside a box at least as
          tall as the window, not in the scrolling box itself, which would cut the top off. */}
      <div className="fixed inset-0 overflow-y-auto p-4">
        <div className="flex min-h-full items-center justify-center">
          <DialogPanel className="w-full max-w-xl rounded-lg bg-white p-6 shadow-xl">
            <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
            <form aria-label={title} noValidate onSubmit={submit} className="mt-4 space-y-4">
              {children}
              <div className="flex justify-end gap-3 pt-2">
                {footer ?? (
                  <>
                    <Button variant="secondary" onClick={onClose} disabled={busy}>
                      Close
                    </Button>
                    <Button type="submit" busy={busy}>
                      {submitLabel}
                    </Button>
                  </>
                )}
              </div>
            </form>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
