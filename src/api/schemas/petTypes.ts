import { z } from 'zod';

// GET /v2/lists/pet-types (SPEC §3 "Pet type: code, description"): the species the quote journey rates, in
// the order the journey offers them. `code` is the species a quote pet carries (DOG, CAT).
export const PetType = z.object({ code: z.string(), description: z.string() });
export type PetType = z.infer<typeof PetType>;
export const PetTypeListResponse = z.object({ data: z.array(PetType) });
