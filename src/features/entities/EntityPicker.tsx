import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { entityOptionsQuery } from '../../api/calls/entityLists';
import type { EntityOption } from '../../api/schemas/entityLists';
import { controlClass } from '../../ui/forms/fieldFrame';
import { useDebounced } from './useDebounced';

export type PickedEntity = Pick<EntityOption, 'id' | 'entity_code' | 'entity_name'>;

export interface EntityPickerProps {
  label: string;
  name: string;
  value: PickedEntity | null;
  onChange(entity: PickedEntity | null): void;
  // Entities that may not be picked (the entity itself when choosing its parent).
  excludeIds?: readonly number[];
  errors?: readonly string[];
  hint?: string;
  disabled?: boolean;
}

const describe = (e: PickedEntity | null) => (e ? `${e.entity_code} — ${e.entity_name}` : '');

// Type part of a code or name; the server answers active entities in the user's scope that match.
export function EntityPicker({
  label,
  name,
  value,
  onChange,
  excludeIds = [],
  errors = [],
  hint,
  disabled,
}: EntityPickerProps) {
  const [term, setTerm] = useState('');
  const settled = useDebounced(term.trim());
  const options = useQuery({ ...entityOptionsQuery(settled), enabled: !disabled }).data ?? [];
  const visible = options.filter((o) => !excludeIds.includes(o.id));
  const invalid = errors.length > 0;
  return (
    <Field disabled={disabled}>
      <Label className="block text-sm font-medium text-slate-700">{label}</Label>
      <Combobox value={value} onChange={onChange} onClose={() => setTerm('')} by="id" immediate>
        <div className="relative">
          <ComboboxInput
            name={name}
            aria-invalid={invalid || undefined}
            className={controlClass(invalid)}
            displayValue={describe}
            placeholder="Type a code or name…"
            onChange={(event) => setTerm(event.target.value)}
            autoComplete="off"
          />
          <ComboboxOptions
            anchor="bottom start"
            className="z-50 mt-1 max-h-64 w-[var(--input-width)] overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg empty:invisible"
          >
            {visible.map((option) => (
              <ComboboxOption
                key={option.id}
                value={option}
                className="cursor-pointer px-3 py-2 data-[focus]:bg-indigo-50 data-[selected]:font-semibold"
              >
                <span className="font-mono text-xs text-slate-500">{option.entity_code}</span>{' '}
                <span className="text-slate-800">{option.entity_name}</span>
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </div>
      </Combobox>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      {invalid && (
        <ul className="mt-1 space-y-0.5 text-sm text-red-700" data-field-errors={name}>
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </Field>
  );
}
