import type { ReactNode } from 'react';

// Label, hint and 422 messages around a form control, shared by the field components (SPEC §5).
export interface FieldFrameProps {
  id: string;
  name: string;
  label: string;
  hint?: string | undefined;
  errors: readonly string[];
  className?: string | undefined;
  children: ReactNode;
}

export const fieldIds = (id: string, hint: string | undefined, errors: readonly string[]) => ({
  errorId: `${id}-errors`,
  hintId: `${id}-hint`,
  describedBy:
    [hint ? `${id}-hint` : null, errors.length ? `${id}-errors` : null].filter(Boolean).join(' ') ||
    undefined,
});

export const controlClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm outline-none transition focus:ring-2 disabled:bg-slate-50 disabled:text-slate-500 ${
    invalid
      ? 'border-red-400 focus:border-red-500 focus:ring-red-200'
      : 'border-slate-300 focus:border-indigo-500 focus:ring-indigo-200'
  }`;

export function FieldFrame({ id, name, label, hint, errors, className, children }: FieldFrameProps) {
  const { errorId, hintId } = fieldIds(id, hint, errors);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {errors.length > 0 && (
        <ul id={errorId} className="mt-1 space-y-0.5 text-sm text-red-700" data-field-errors={name}>
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
