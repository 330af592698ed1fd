import { join } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import { buildApp, type BuiltApp } from './app';
import type { Config } from './config';
import { openDatabase, type OpenDatabase } from './store/db';
import { migrateToLatest } from './store/migrate';
import { seedDemo } from './seed/seedDemo';

export interface RunningServer extends BuiltApp {
  database: OpenDatabase;
  close(): Promise<void>;
}

export interface ServerOptions {
  distDir: string;
  logger?: FastifyServerOptions['logger'];
  // Embedded database directory; `null` keeps it in memory (tests).
  pgliteDir?: string | null;
}

// Opens the database, migrates it, seeds the demo business when enabled and builds the HTTP app.
export async function createServer(config: Config, options: ServerOptions): Promise<RunningServer> {
  const database = await openDatabase({
    url: config.databaseUrl,
    schema: config.databaseSchema,
    pgliteDir: options.pgliteDir === null ? undefined : (options.pgliteDir ?? join(config.dataDir, 'pglite')),
  });
  await migrateToLatest(database.db);
  if (config.seedDemo)
    await seedDemo(database.db, config.demoPassword, {
      policies: config.seedDemoPolicies,
      secret: config.accessTokenSecret,
    });
  const built = await buildApp({ config, db: database.db, distDir: options.distDir, logger: options.logger });
  let closed = false;
  return {
    ...built,
    database,
    async close() {
      if (closed) return;
      closed = true;
      await built.app.close();
      await database.close();
    },
  };
}
