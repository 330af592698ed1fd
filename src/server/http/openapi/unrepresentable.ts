import type { JSONSchema, UnrepresentableHandler } from 'zod/v4/core';

// Zod types JSON Schema has no word for, and what the reference says of each instead. The wire schemas
// validate; the reference only describes, so nothing here loosens what the server accepts.

// Marks a place the reference could not describe. Generation goes on (the document must always be served),
// and tests/api/openapi.test.ts fails while any mark is left, naming the route and the zod type to fix.
export const UNDESCRIBED_MARK = 'x-undescribed-zod-type';

const DESCRIBED: Record<string, JSONSchema.BaseSchema> = {
  // Dates travel as ISO 8601 text in both directions.
  date: { type: 'string', format: 'date-time' },
  bigint: { type: 'integer', format: 'int64' },
};

// Left to fastify-type-provider-zod, which documents an undefined or void answer as JSON null (an empty
// body) and drops an undefined member from a union.
const LEFT_TO_PROVIDER = new Set(['undefined', 'void']);

export const describeUnrepresentable: UnrepresentableHandler = ({ zodSchema }) => {
  const type = zodSchema._zod.def.type;
  if (LEFT_TO_PROVIDER.has(type)) return 'any';
  return (
    DESCRIBED[type] ?? {
      description: `Not described: zod type "${type}" has no JSON Schema form.`,
      [UNDESCRIBED_MARK]: type,
    }
  );
};
