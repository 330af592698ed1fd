import { afterAll, beforeAll } from 'vitest';
import { apiFor, type Api } from './http';
import { startTestServer, type TestDatabase, type TestServer, type TestServerOptions } from './testServer';

export interface SuiteServer {
  t: TestServer;
  api: Api;
}

// Starts one test server for the enclosing describe block and closes it afterwards. The fields are set in
// beforeAll, so read them inside tests and hooks only. `options` hands the server a clock of the test's own.
export function useTestServer(
  database: TestDatabase,
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): SuiteServer {
  const suite = {} as SuiteServer;
  beforeAll(async () => {
    suite.t = await startTestServer(database, env, options);
    suite.api = apiFor(suite.t.url);
  });
  afterAll(async () => {
    await suite.t?.close();
  });
  return suite;
}

export interface ServerPair {
  a: TestServer;
  b: TestServer;
}

// Two servers on one PostgreSQL schema, as two processes of one deployment (DESIGN.md "Scale"), each with its
// own pool. The second shares the first's schema and closes first, since the first drops the schema.
export function useServerPair(): ServerPair {
  const pair = {} as ServerPair;
  beforeAll(async () => {
    pair.a = await startTestServer('postgres');
    pair.b = await startTestServer('postgres', {}, { shareWith: pair.a });
  });
  afterAll(async () => {
    await pair.b?.close();
    await pair.a?.close();
  });
  return pair;
}
