import { afterAll, beforeAll } from 'vitest';
import { apiFor, type Api } from './http';
import { startTestServer, type TestDatabase, type TestServer } from './testServer';

export interface SuiteServer {
  t: TestServer;
  api: Api;
}

// Starts one test server for the enclosing describe block and closes it afterwards. The fields are set in
// beforeAll, so read them inside tests and hooks only.
export function useTestServer(database: TestDatabase, env: Record<string, string> = {}): SuiteServer {
  const suite = {} as SuiteServer;
  beforeAll(async () => {
    suite.t = await startTestServer(database, env);
    suite.api = apiFor(suite.t.url);
  });
  afterAll(async () => {
    await suite.t?.close();
  });
  return suite;
}
