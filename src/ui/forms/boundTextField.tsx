import type { Dispatch, SetStateAction } from 'react';
import { TextField, type TextFieldProps } from './TextField';

type Extra = Omit<TextFieldProps, 'label' | 'name' | 'value' | 'errors' | 'onChange'>;

// A form kept as one object of strings: each text field shows its key's value and messages and writes
// back to that key alone.
export function boundTextField<V extends Record<keyof V, string>>(
  values: V,
  setValues: Dispatch<SetStateAction<V>>,
  errors: Readonly<Record<string, string[]>>,
) {
  return function field(name: keyof V & string, label: string, extra: Extra = {}) {
    return (
      <TextField
        label={label}
        name={name}
        value={values[name]}
        errors={errors[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        {...extra}
      />
    );
  };
}
