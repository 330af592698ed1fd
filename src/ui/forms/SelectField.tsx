import { useId, type SelectHTMLAttributes } from 'react';
import { FieldFrame, controlClass, fieldIds } from './fieldFrame';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  name: string;
  options: readonly SelectOption[];
  // A first, empty choice ("Any state", "Choose…"); omit it for a required pick.
  placeholder?: string;
  errors?: readonly string[];
  hint?: string;
}

export function SelectField({
  label,
  name,
  options,
  placeholder,
  errors = [],
  hint,
  className,
  ...select
}: SelectFieldProps) {
  const id = useId();
  const { describedBy } = fieldIds(id, hint, errors);
  return (
    <FieldFrame id={id} name={name} label={label} hint={hint} errors={errors} className={className}>
      <select
        id={id}
        name={name}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={describedBy}
        className={controlClass(errors.length > 0)}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
