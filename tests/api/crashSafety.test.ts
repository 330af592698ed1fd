import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db, type OpenDatabase } from '../../src/server/store/db';
import { entityApi, type EntityApi } from '../support/entityApi';
import { expectRebuildReproducesReadTables, streamsWithGaps } from '../support/eventLogChecks';
import { apiFor, expectError } from '../support/http';
import { ADMIN } from '../support/personas';
import { privatePostgresUnavailable, startPrivatePostgres } from '../support/privatePostgres';
import { startServerProcess, type ServerProcess } from '../support/serverProcess';
import { testDatabases } from '../support/testServer';
import {
  burstUntilCrash,
  expectAcksLogged,
  expectAcksServed,
  prepareWrites,
  resendPurchases,
  writeTasks,
  type Ack,
  type CrashedBurst,
  type WriteTargets,
} from '../support/writeBurst';

// No acknowledged write is ever lost (DESIGN.md "Event sourcing": a command's events and projections are
// one transaction). The real server runs as a child process and is killed with SIGKILL in the middle of a
// bounded write burst; after a restart on the same database every write that was answered 2xx is served
// and logged exactly once, no stream has a gap, an interrupted purchase finishes with one charge, and
// replaying the log gives back the read tables row for row (so nothing is half-written).
//
// PGlite runs with fsync off (`show fsync`), and its Node file system (Emscripten NODEFS) has no fsync at
// all: a commit reaches the operating system's page cache through write(2) before it is answered, which a
// killed process cannot undo (this test), but nothing flushes it to the disk, so an operating system crash
// or a power cut may lose recent commits. PGlite's `relaxedDurability` (off here) concerns the browser's
// asynchronous file systems, not this one. Durability across a power cut takes PostgreSQL (DATABASE_URL).

const SECRET = randomBytes(32).toString('hex');
const COUNTS = { entities: 60, phones: 40, quotes: 60 };
const CONCURRENCY = 8;
const CRASH_AFTER = 50;
const PURCHASES = 3;
const TIMEOUT = 180_000;

const tempDir = () => mkdtempSync(join(tmpdir(), 'crash-safety-'));

function expectCrashedMidBurst(burst: CrashedBurst) {
  expect(burst.acks.length).toBeGreaterThanOrEqual(CRASH_AFTER);
  expect(burst.neverSent, 'the crash came before the burst ended').toBeGreaterThan(0);
}

// After the restart: purchases sent again (finishing interrupted ones), then every acknowledged write asked
// of the server.
async function expectServed(e: EntityApi, targets: WriteTargets, acks: Ack[]) {
  const bought = await resendPurchases(e, targets);
  await expectAcksServed(e, acks, bought);
}

async function expectLogConsistent(db: Db, acks: Ack[], targets: WriteTargets) {
  expect(await streamsWithGaps(db)).toEqual([]);
  await expectAcksLogged(db, acks, targets);
  await expectRebuildReproducesReadTables(db);
}

async function waitUntilServing(e: EntityApi, targets: WriteTargets, output: () => string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const status = await e
      .get(`/v2/entities/${targets.houseId}`, ADMIN)
      .then((r) => r.status)
      .catch(() => null);
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`the server still answers ${status}:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// One server process on a database: started (fresh, then again after the crash), and the database opened
// for the checks once the server has stopped.
interface Deployment {
  start(): Promise<ServerProcess>;
  open(): Promise<OpenDatabase>;
}

async function killMidBurstAndRecover(d: Deployment) {
  let server = await d.start();
  try {
    const e = entityApi(() => apiFor(server.url));
    const targets = await prepareWrites(e, PURCHASES);
    const killed = server;
    const burst = await burstUntilCrash(writeTasks(e, targets, 1, COUNTS), {
      concurrency: CONCURRENCY,
      crashAfter: CRASH_AFTER,
      crash: () => killed.kill(),
    });
    expect(killed.exited()).toBe(true);
    expectCrashedMidBurst(burst);

    server = await d.start();
    await expectServed(e, targets, burst.acks);
    // The embedded database has one owner: the server closes it before the test opens it.
    await server.stop();
    const database = await d.open();
    try {
      await expectLogConsistent(database.db, burst.acks, targets);
    } finally {
      await database.close();
    }
  } finally {
    await server.kill();
  }
}

const KILLED_MID_BURST =
  'keeps every acknowledged write when the server is killed (SIGKILL) in the middle of a write burst';

describe('crash safety on pglite', () => {
  it(
    KILLED_MID_BURST,
    async () => {
      const dataDir = tempDir();
      try {
        await killMidBurstAndRecover({
          start: () => startServerProcess({ dataDir, accessTokenSecret: SECRET }),
          open: () => openDatabase({ pgliteDir: join(dataDir, 'pglite') }),
        });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    TIMEOUT,
  );
});

const sharedUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!testDatabases().includes('postgres'))('crash safety on postgres', () => {
  it(
    KILLED_MID_BURST,
    async () => {
      const dataDir = tempDir();
      const postgres = { url: sharedUrl!, schema: `crash_${randomBytes(6).toString('hex')}` };
      try {
        await killMidBurstAndRecover({
          start: () => startServerProcess({ dataDir, postgres, accessTokenSecret: SECRET }),
          open: () => openDatabase(postgres),
        });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        const client = new pg.Client({ connectionString: sharedUrl });
        await client.connect();
        await client.query(`drop schema if exists "${postgres.schema}" cascade`);
        await client.end();
      }
    },
    TIMEOUT,
  );

  // A PostgreSQL of the test's own (tests/support/privatePostgres.ts): the shared one is never stopped.
  const unavailable = privatePostgresUnavailable();
  it.skipIf(unavailable !== null)(
    `outlives PostgreSQL stopped with -m immediate, then loses nothing when both crash at once${unavailable ? ` (skipped: ${unavailable})` : ''}`,
    async () => {
      const dataDir = tempDir();
      const database = await startPrivatePostgres();
      const postgres = { url: database.url, schema: 'portal' };
      const start = () => startServerProcess({ dataDir, postgres, accessTokenSecret: SECRET });
      let server: ServerProcess = await start();
      try {
        const e = entityApi(() => apiFor(server.url));
        const targets = await prepareWrites(e, PURCHASES);

        // PostgreSQL alone crashes: the server keeps running, answers errors meanwhile and serves again
        // once PostgreSQL is back, without a restart.
        const first = await burstUntilCrash(writeTasks(e, targets, 1, COUNTS), {
          concurrency: CONCURRENCY,
          crashAfter: CRASH_AFTER,
          crash: () => database.crash(),
        });
        expectCrashedMidBurst(first);
        expect(server.exited(), server.output()).toBe(false);
        expectError(await e.get(`/v2/entities/${targets.houseId}`, ADMIN), 500);
        await database.start();
        await waitUntilServing(e, targets, () => server.output());
        expect(server.exited(), server.output()).toBe(false);

        // Then the server and PostgreSQL crash together.
        const killed = server;
        const second = await burstUntilCrash(writeTasks(e, targets, 2, COUNTS), {
          concurrency: CONCURRENCY,
          crashAfter: CRASH_AFTER,
          crash: async () => {
            await Promise.all([killed.kill(), database.crash()]);
          },
        });
        expectCrashedMidBurst(second);
        await database.start();
        server = await start();
        const acks = [...first.acks, ...second.acks];
        await expectServed(e, targets, acks);
        await server.stop();
        const opened = await openDatabase(postgres);
        try {
          await expectLogConsistent(opened.db, acks, targets);
        } finally {
          await opened.close();
        }
      } finally {
        await server.kill();
        await database.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    TIMEOUT,
  );
});
