import type { ReactNode } from 'react';

export interface AlertProps {
  tone?: 'error' | 'success' | 'info';
  title?: string;
  children: ReactNode;
}

const TONES = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  info: 'border-indigo-200 bg-indigo-50 text-indigo-800',
} as const;

export function Alert({ tone = 'info', title, children }: AlertProps) {
  // Errors interrupt (role=alert); confirmations are polite status updates.
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md border px-4 py-3 text-sm ${TONES[tone]}`}
    >
      {title && <p className="font-semibold">{title}</p>}
      <div className={title ? 'mt-1' : undefined}>{children}</div>
    </div>
  );
}
