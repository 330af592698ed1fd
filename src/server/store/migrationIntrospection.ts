import { sql, type DatabaseIntrospector, type Kysely, type TableMetadata } from 'kysely';

// What Kysely's migrator asks before it migrates: whether its schema and its two bookkeeping tables exist.
// Kysely's own introspector lists the tables of every schema and asks has_schema_privilege of each by name,
// so a schema another server drops meanwhile (the tests run many servers on one PostgreSQL, each dropping
// its own schema when it closes) fails the question with 3F000, naming that other schema. This one looks in
// the migration schema alone, so what happens in other schemas cannot fail a migration.
export function migrationIntrospector<DB>(db: Kysely<DB>, schema: string): DatabaseIntrospector {
  return {
    async getSchemas() {
      const { rows } = await sql<{ name: string }>`
        select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db);
      return rows;
    },
    async getTables(): Promise<TableMetadata[]> {
      const { rows } = await sql<{ name: string; kind: string }>`
        select c.relname as name, c.relkind as kind
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        where ns.nspname = ${schema} and c.relkind in ('r', 'v', 'p', 'f')`.execute(db);
      return rows.map((row) => ({
        name: row.name,
        schema,
        isView: row.kind === 'v',
        isForeign: row.kind === 'f',
        columns: [],
      }));
    },
  };
}

// The database as the migrator sees it: the same connections and plugins, with the introspector above. The
// migrator reads `introspection` from the instance it is given; every other member is the database's own,
// bound to it, since Kysely keeps its state in private fields.
export function withMigrationIntrospection<DB>(db: Kysely<DB>, schema: string): Kysely<DB> {
  const introspection = migrationIntrospector(db, schema);
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
