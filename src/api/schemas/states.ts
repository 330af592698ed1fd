import { z } from 'zod';

// GET /v2/lists/states (SPEC §7 "Lists"): the 50 states and DC, by code.
export const StateOption = z.object({ code: z.string(), name: z.string() });
export type StateOption = z.infer<typeof StateOption>;
export const StateListResponse = z.object({ data: z.array(StateOption) });
