import { z } from 'zod';

// Path parameters of SPEC §5: ids are whole numbers, quote lookups are UUIDs, with SPEC's messages.
export const integerParam = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { error: `${name} must be an integer number` })
    .transform(Number);

export const uuidParam = (name: string) => z.uuid({ error: `${name} must be a UUID` });

export const AGENT_ENTITY_CODE = /^\d{4}-\d{4}-[A-Za-z]{2}$/;
