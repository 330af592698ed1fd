import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { TOAST_MS, toastStore, type Toast } from './toastStore';

const TONES = {
  success: 'border-emerald-300 bg-white text-emerald-900',
  error: 'border-red-300 bg-white text-red-900',
  info: 'border-indigo-300 bg-white text-slate-900',
} as const;

const ICONS = { success: '✓', error: '!', info: 'i' } as const;
const ICON_TONES = {
  success: 'bg-emerald-600',
  error: 'bg-red-600',
  info: 'bg-indigo-600',
} as const;

// The live region is in the page from the start: screen readers announce only changes to a region they
// already know. Errors are polite here too, since the screen shows its own alert for a failure that blocks.
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.snapshot);
  return (
    <div
      aria-live="polite"
      aria-label="Notifications"
      role="region"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-[60] flex flex-col items-end gap-2 print:hidden sm:inset-x-auto sm:right-6"
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}

// A notice leaves by itself, except while the pointer or focus is on it (someone reading or reaching for
// its button).
function ToastItem({ toast }: { toast: Toast }) {
  const [held, setHeld] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => toastStore.dismiss(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [held, toast.id]);
  return (
    <div
      ref={ref}
      role="status"
      data-toast={toast.tone}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!ref.current?.contains(e.relatedTarget)) setHeld(false);
      }}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${TONES[toast.tone]}`}
    >
      <span
        aria-hidden="true"
        className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white ${ICON_TONES[toast.tone]}`}
      >
        {ICONS[toast.tone]}
      </span>
      <p className="min-w-0 flex-1">{toast.message}</p>
      <button
        type="button"
        onClick={() => toastStore.dismiss(toast.id)}
        className="-m-1 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        <span aria-hidden="true">×</span>
        <span className="sr-only">Dismiss notice</span>
      </button>
    </div>
  );
}
