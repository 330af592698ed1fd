import { Button } from '../../../ui/forms/Button';
import { SelectField } from '../../../ui/forms/SelectField';
import { TextField } from '../../../ui/forms/TextField';
import { BreedCombobox } from './BreedCombobox';
import type { PetRow } from './petRows';

export interface PetFieldsProps {
  index: number;
  row: PetRow;
  errors: Record<string, string[]>;
  removable: boolean;
  onChange(row: PetRow): void;
  onRemove(): void;
}

const SPECIES = [
  { value: 'DOG', label: 'Dog' },
  { value: 'CAT', label: 'Cat' },
];
const GENDERS = [
  { value: 'MALE', label: 'Male' },
  { value: 'FEMALE', label: 'Female' },
];

// One pet of the rating-info step, in a fieldset named "Pet N" so its fields are told apart.
export function PetFields({ index, row, errors, removable, onChange, onRemove }: PetFieldsProps) {
  const at = (field: string) => errors[`pets.${index}.${field}`];
  const set = (patch: Partial<PetRow>) => onChange({ ...row, ...patch });
  return (
    <fieldset className="rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Pet {index + 1}</legend>
      <div className="grid gap-4 md:grid-cols-6">
        <TextField
          label="Name"
          name="name"
          required
          className="md:col-span-2"
          value={row.name}
          onChange={(e) => set({ name: e.target.value })}
          errors={at('name')}
        />
        <SelectField
          label="Species"
          name="species"
          options={SPECIES}
          value={row.species}
          // A breed belongs to one species, so changing species asks for the breed again.
          onChange={(e) => set({ species: e.target.value === 'CAT' ? 'CAT' : 'DOG', breedCode: '' })}
          errors={at('species')}
        />
        <div className="md:col-span-3">
          <BreedCombobox
            key={row.species}
            species={row.species}
            value={row.breedCode}
            onChange={(breedCode) => set({ breedCode })}
            errors={at('breedCode')}
          />
        </div>
        <TextField
          label="Age (years)"
          name="age"
          inputMode="numeric"
          required
          maxLength={2}
          value={row.age}
          onChange={(e) => set({ age: e.target.value })}
          errors={at('age')}
        />
        <SelectField
          label="Gender"
          name="gender"
          placeholder="Choose…"
          options={GENDERS}
          value={row.gender}
          onChange={(e) =>
            set({ gender: e.target.value === 'FEMALE' ? 'FEMALE' : e.target.value === 'MALE' ? 'MALE' : '' })
          }
          errors={at('gender')}
        />
      </div>
      {removable && (
        <div className="mt-3 flex justify-end">
          <Button variant="secondary" onClick={onRemove}>
            Remove pet {index + 1}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
