import { z } from 'zod';
import { $ZodRegistry, type $ZodType } from 'zod/v4/core';
import { CoverageItem } from '../../../api/schemas/quoteActions';

// Schemas that contain themselves (a coverage item holds coverage items). JSON Schema can say that only
// through a named component: named here, fastify-type-provider-zod refers to them as
// #/components/schemas/<id> and emits them there (jsonSchemaTransformObject). Without a name the reference
// would point at a component that does not exist. tests/api/openapi.test.ts resolves every reference.
const RECURSIVE: Record<string, z.ZodType> = { CoverageItem };

// The metadata fastify-type-provider-zod reads from a registry (its SchemaRegistryMeta, not exported).
type Meta = { id?: string | undefined; [key: string]: unknown };

// The names live in the document's own registry, not zod's global one: a name there would follow the schema
// into anything else that converts it (another document, z.toJSONSchema), where no such component exists.
// What `.describe()` and `.meta()` say is kept by zod in its global registry, so the document's registry
// reads it from there too, without the ids: descriptions reach the document, names only from this file.
// fastify-type-provider-zod copies a registry through its `_map` (its registry.ts says so), so that map is
// where the fallback has to sit.
class WithGlobalDescriptions extends WeakMap<$ZodType, Meta> {
  override get(schema: $ZodType): Meta | undefined {
    const own = super.get(schema);
    if (own) return own;
    const global = z.globalRegistry.get(schema) as Meta | undefined;
    if (!global) return undefined;
    const { id: _globalId, ...described } = global;
    return described as Meta;
  }

  override has(schema: $ZodType): boolean {
    return super.has(schema) || z.globalRegistry.has(schema);
  }
}

function documentRegistry(): $ZodRegistry<Meta> {
  const registry = new $ZodRegistry<Meta>();
  registry._map = new WithGlobalDescriptions();
  for (const [id, schema] of Object.entries(RECURSIVE)) registry.add(schema, { id });
  return registry;
}

export const DOCUMENT_SCHEMAS = documentRegistry();
