import { useId, type InputHTMLAttributes } from 'react';
import { FieldFrame, controlClass, fieldIds } from './fieldFrame';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  errors?: readonly string[];
  hint?: string;
}

// A labelled input whose server-side messages (SPEC §5) sit under it and are announced with it.
export function TextField({ label, name, errors = [], hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const { describedBy } = fieldIds(id, hint, errors);
  return (
    <FieldFrame id={id} name={name} label={label} hint={hint} errors={errors} className={className}>
      <input
        id={id}
        name={name}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={describedBy}
        className={controlClass(errors.length > 0)}
        {...input}
      />
    </FieldFrame>
  );
}
