import { z } from 'zod';
import { CoverageItem } from '../../../api/schemas/quoteActions';

// Schemas that contain themselves (a coverage item holds coverage items). JSON Schema can say that only
// through a named component: registered here with an id, fastify-type-provider-zod refers to them as
// #/components/schemas/<id> and emits them there (jsonSchemaTransformObject). Without an id the reference
// would point at a component that does not exist. tests/api/openapi.test.ts resolves every reference.
const RECURSIVE: Record<string, z.ZodType> = { CoverageItem };

export function registerNamedSchemas(): void {
  for (const [id, schema] of Object.entries(RECURSIVE)) {
    if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
  }
}
