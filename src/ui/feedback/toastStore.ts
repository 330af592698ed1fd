// Short notices of finished work ("Role saved.") shown by <Toaster/>, outside React so that the query
// client's mutation hooks and any screen can raise one.
export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
}

type Listener = () => void;

// A screen reader user needs time to hear a notice, and a sighted one to read it.
export const TOAST_MS = 6_000;
const MAX_SHOWN = 4;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

export const toastStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot(): readonly Toast[] {
    return toasts;
  },
  show(message: string, tone: ToastTone = 'success'): number {
    const id = nextId++;
    // The same notice twice in a row (a double save) shows once.
    toasts = [...toasts.filter((t) => t.message !== message), { id, tone, message }].slice(-MAX_SHOWN);
    emit();
    return id;
  },
  dismiss(id: number): void {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  },
};

export const toast = {
  success: (message: string) => toastStore.show(message, 'success'),
  error: (message: string) => toastStore.show(message, 'error'),
  info: (message: string) => toastStore.show(message, 'info'),
};
