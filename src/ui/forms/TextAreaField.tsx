import { useId, type TextareaHTMLAttributes } from 'react';
import { FieldFrame, controlClass, fieldIds } from './fieldFrame';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  name: string;
  errors?: readonly string[];
  hint?: string;
}

export function TextAreaField({
  label,
  name,
  errors = [],
  hint,
  className,
  rows = 3,
  ...area
}: TextAreaFieldProps) {
  const id = useId();
  const { describedBy } = fieldIds(id, hint, errors);
  return (
    <FieldFrame id={id} name={name} label={label} hint={hint} errors={errors} className={className}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={describedBy}
        className={controlClass(errors.length > 0)}
        {...area}
      />
    </FieldFrame>
  );
}
