import type { PGlite } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';
import type { Db } from '../store/db';

// pg-boss over the embedded database (decision 015). PGlite is one connection, which kysely's driver hands to
// one caller at a time (src/server/store/db.ts); the runner's statements wait their turn on it the same way,
// so none lands inside a request's open transaction. pg-boss sends its schema and maintenance as scripts of
// several statements without parameters, which only PGlite's exec runs; everything else is one statement.
export function pgliteBossDb(db: Db, pglite: PGlite): PgBoss.Db {
  return {
    executeSql: (text, values) =>
      db.connection().execute(async () => {
        if (values && values.length > 0) {
          const result = await pglite.query(text, values);
          return { rows: result.rows };
        }
        try {
          const results = await pglite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        } catch (error) {
          // A script that opened a transaction and failed leaves it aborted; the next caller must not inherit it.
          await pglite.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
  };
}
