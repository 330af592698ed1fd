import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { breedsQuery } from '../../../api/calls/quoteActions';
import type { Breed } from '../../../api/schemas/quoteActions';
import { controlClass } from '../../../ui/forms/fieldFrame';

export interface BreedComboboxProps {
  species: 'DOG' | 'CAT';
  value: string;
  onChange(breedCode: string): void;
  errors?: readonly string[];
}

const MAX_SHOWN = 50;

// A searchable list of the species' breeds (the `breeds` action, cached per species).
export function BreedCombobox({ species, value, onChange, errors = [] }: BreedComboboxProps) {
  const breeds = useQuery(breedsQuery(species)).data ?? [];
  const [term, setTerm] = useState('');
  const needle = term.trim().toLowerCase();
  const visible = breeds.filter((b) => !needle || b.name.toLowerCase().includes(needle)).slice(0, MAX_SHOWN);
  const selected = breeds.find((b) => b.code === value) ?? null;
  const invalid = errors.length > 0;
  return (
    <Field>
      <Label className="block text-sm font-medium text-slate-700">Breed</Label>
      <Combobox
        value={selected}
        onChange={(b: Breed | null) => onChange(b?.code ?? '')}
        onClose={() => setTerm('')}
        by="code"
        immediate
      >
        <div className="relative">
          <ComboboxInput
            name="breedCode"
            aria-invalid={invalid || undefined}
            className={controlClass(invalid)}
            displayValue={(b: Breed | null) => b?.name ?? ''}
            placeholder="Type to search…"
            onChange={(event) => setTerm(event.target.value)}
            autoComplete="off"
          />
          <ComboboxOptions
            anchor="bottom start"
            className="z-50 mt-1 max-h-64 w-[var(--input-width)] overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg empty:invisible"
          >
            {visible.map((breed) => (
              <ComboboxOption
                key={breed.code}
                value={breed}
                className="cursor-pointer px-3 py-2 data-[focus]:bg-indigo-50 data-[selected]:font-semibold"
              >
                {breed.name}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </div>
      </Combobox>
      {invalid && (
        <ul className="mt-1 space-y-0.5 text-sm text-red-700" data-field-errors="breedCode">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </Field>
  );
}
