// A pet's species and gender are kept on its events as the journey first wrote them (lower case), but the wire speaks one spelling on quotes and policies alike: the codes the quote
// request takes and the pet-type list answers (DOG, CAT; MALE, FEMALE), docs/spec-conformance.md.
export type SpeciesCode = 'DOG' | 'CAT';
export type GenderCode = 'MALE' | 'FEMALE';

export function speciesCode(stored: string): SpeciesCode {
  return stored.toLowerCase() === 'cat' ? 'CAT' : 'DOG';
}

export function genderCode(stored: string): GenderCode {
  return stored.toLowerCase() === 'female' ? 'FEMALE' : 'MALE';
}
