import {
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field,
  Label,
} from '@headlessui/react';
import type { ReactNode } from 'react';
import { controlClass } from './fieldFrame';

export interface ComboboxFieldProps<T> {
  label: string;
  name: string;
  value: T | null;
  // The options to show for what is typed; the caller filters (locally or through the server).
  options: readonly T[];
  onChange(value: T | null): void;
  // What is typed; the caller keeps it to filter the options. Cleared when the list closes.
  onTermChange(term: string): void;
  keyOf(option: T): string | number;
  // The text of a chosen option in the input.
  display(option: T | null): string;
  renderOption?(option: T): ReactNode;
  placeholder?: string;
  hint?: string;
  errors?: readonly string[];
  disabled?: boolean;
}

// A labelled, searchable single choice (Headless UI's combobox) with the hint and 422 messages every field
// of the portal shows.
export function ComboboxField<T>({
  label,
  name,
  value,
  options,
  onChange,
  onTermChange,
  keyOf,
  display,
  renderOption = display,
  placeholder = 'Type to search…',
  hint,
  errors = [],
  disabled,
}: ComboboxFieldProps<T>) {
  const invalid = errors.length > 0;
  return (
    <Field disabled={disabled}>
      <Label className="block text-sm font-medium text-slate-700">{label}</Label>
      <Combobox
        value={value}
        onChange={onChange}
        onClose={() => onTermChange('')}
        by={(a: T | null, b: T | null) => (a && b ? keyOf(a) === keyOf(b) : a === b)}
        immediate
      >
        <div className="relative">
          <ComboboxInput
            name={name}
            aria-invalid={invalid || undefined}
            className={controlClass(invalid)}
            displayValue={display}
            placeholder={placeholder}
            onChange={(event) => onTermChange(event.target.value)}
            autoComplete="off"
          />
          <ComboboxOptions
            anchor="bottom start"
            className="z-50 mt-1 max-h-64 w-[var(--input-width)] overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg empty:invisible"
          >
            {options.map((option) => (
              <ComboboxOption
                key={keyOf(option)}
                value={option}
                className="cursor-pointer px-3 py-2 data-[focus]:bg-indigo-50 data-[selected]:font-semibold"
              >
                {renderOption(option)}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </div>
      </Combobox>
      {/* Descriptions of the Field: the input names them in aria-describedby, as the other fields do. */}
      {hint && <Description className="mt-1 text-xs text-slate-500">{hint}</Description>}
      {invalid && (
        <Description as="ul" className="mt-1 space-y-0.5 text-sm text-red-700" data-field-errors={name}>
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </Description>
      )}
    </Field>
  );
}
