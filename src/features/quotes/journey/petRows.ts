import type { QuoteView } from '../../../api/schemas/quoteCommands';

// A pet as the rating-info form edits it; `id` keeps an existing pet's place on the quote.
export interface PetRow {
  key: string;
  id?: string;
  name: string;
  species: 'DOG' | 'CAT';
  breedCode: string;
  age: string;
  gender: 'MALE' | 'FEMALE' | '';
}

let counter = 0;
const nextKey = () => `pet-${++counter}`;

export function emptyPet(): PetRow {
  return { key: nextKey(), name: '', species: 'DOG', breedCode: '', age: '', gender: '' };
}

export function rowsOf(quote: QuoteView): PetRow[] {
  return quote.pets.map((p) => ({
    key: p.id,
    id: p.id,
    name: p.name,
    species: p.species,
    breedCode: p.breed_code,
    age: String(p.age),
    gender: p.gender,
  }));
}

const REQUIRED = 'This field is required.';

// Checks before the server is asked, keyed as its 422 is (`pets.0.name`).
export function validatePets(rows: readonly PetRow[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  rows.forEach((row, i) => {
    if (!row.name.trim()) errors[`pets.${i}.name`] = [REQUIRED];
    if (!row.breedCode) errors[`pets.${i}.breedCode`] = ['Choose a breed.'];
    if (!/^\d{1,2}$/.test(row.age.trim()))
      errors[`pets.${i}.age`] = ['The age must be whole years (0 under one).'];
    if (!row.gender) errors[`pets.${i}.gender`] = ['Choose a gender.'];
  });
  return errors;
}

export function petsInput(rows: readonly PetRow[]) {
  return rows.map((row) => ({
    ...(row.id ? { id: row.id } : {}),
    name: row.name.trim(),
    species: row.species,
    breedCode: row.breedCode,
    age: Number(row.age),
    gender: row.gender === 'FEMALE' ? ('FEMALE' as const) : ('MALE' as const),
  }));
}
