import { useId, type InputHTMLAttributes } from 'react';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  name: string;
  description?: string;
  errors?: readonly string[];
}

export function CheckboxField({
  label,
  name,
  description,
  errors = [],
  className,
  ...input
}: CheckboxFieldProps) {
  const id = useId();
  const describedBy = [description ? `${id}-description` : null, errors.length ? `${id}-errors` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`flex items-start gap-3 ${className ?? ''}`}>
      <input
        id={id}
        name={name}
        type="checkbox"
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={describedBy || undefined}
        className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500"
        {...input}
      />
      <div className="text-sm">
        <label htmlFor={id} className="font-medium text-slate-800">
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="text-slate-500">
            {description}
          </p>
        )}
        {errors.length > 0 && (
          <ul id={`${id}-errors`} className="text-red-700" data-field-errors={name}>
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
