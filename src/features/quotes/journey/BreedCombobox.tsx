import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { breedsQuery } from '../../../api/calls/quoteActions';
import type { Breed } from '../../../api/schemas/quoteActions';
import { ComboboxField } from '../../../ui/forms/ComboboxField';

export interface BreedComboboxProps {
  species: 'DOG' | 'CAT';
  value: string;
  onChange(breedCode: string): void;
  errors?: readonly string[];
}

const MAX_SHOWN = 50;

// A searchable list of the species' breeds (the `breeds` action, cached per species).
export function BreedCombobox({ species, value, onChange, errors }: BreedComboboxProps) {
  const breeds = useQuery(breedsQuery(species)).data ?? [];
  const [term, setTerm] = useState('');
  const needle = term.trim().toLowerCase();
  return (
    <ComboboxField<Breed>
      label="Breed"
      name="breedCode"
      value={breeds.find((b) => b.code === value) ?? null}
      options={breeds.filter((b) => !needle || b.name.toLowerCase().includes(needle)).slice(0, MAX_SHOWN)}
      onChange={(b) => onChange(b?.code ?? '')}
      onTermChange={setTerm}
      keyOf={(b) => b.code}
      display={(b) => b?.name ?? ''}
      errors={errors}
    />
  );
}
