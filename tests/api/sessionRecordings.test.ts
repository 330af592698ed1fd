import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_EVENTS_PER_BATCH,
  RecordingEventsResponse,
  RecordingStarted,
  SessionRecordingsPage,
} from '../../src/api/schemas/sessionRecordings';
import { BrandResponse } from '../../src/api/schemas/session';
import { MovableClock, addDays, businessDate } from '../../src/calendar';
import { DAILY_WORK } from '../../src/server/jobs/dailyWorkList';
import { sessionRecordingRetention } from '../../src/server/domain/sessionRecordings/sessionRecordingRetention';
import { userWith } from '../support/entityApi';
import { apiFor, expectValidationError, type Api } from '../support/http';
import { ADMIN, AGENT, HOUSE, MANAGER, NORTHWIND } from '../support/personas';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';

// Support recording of portal sessions (docs/session-recording.md): a signed-in user starts a recording of
// their own session and appends batches of rrweb events to it; only its own user appends; size limits answer
// 413 or 422 with the field; root-entity users with session_recording_view list and replay them; a server
// with recording off stores nothing; the daily work deletes recordings past their retention by the business
// clock.
const event = (n: number, extra: Record<string, unknown> = {}) => ({
  type: 3,
  timestamp: 1_780_000_000_000 + n,
  data: { source: 5, text: '*****', ...extra },
});

describe.each(testDatabases())('session recordings on %s', (database) => {
  const clock = new MovableClock('2026-11-27T15:00:00Z');
  let t: TestServer;
  let api: Api;
  let root: string;
  let agent: string;
  let manager: string;

  beforeAll(async () => {
    t = await startTestServer(database, { SESSION_RECORDING: 'on' }, { clock });
    api = apiFor(t.url);
    root = (await api.login(ADMIN)).accessToken;
    agent = (await api.login(AGENT)).accessToken;
    manager = (await api.login(MANAGER)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const start = async (token: string) => {
    const response = await api.post('/v2/session-recordings', {}, { token });
    expect(response.status, response.text).toBe(201);
    return RecordingStarted.parse(response.body).data.id;
  };
  const append = (token: string, id: string, body: unknown) =>
    api.post(`/v2/session-recordings/${id}/events`, body, { token });

  it('tells the portal that this server records, in the answer every page reads at start', async () => {
    const response = await api.get('/v1/public/entity-brands');
    expect(BrandResponse.parse(response.body).sessionRecording).toBe(true);
  });

  it('starts a recording for the caller and appends batches in order; a batch sent again is stored once', async () => {
    const id = await start(agent);
    const first = await append(agent, id, { sequence: 1, events: [event(1), event(2)] });
    expect(first.status, first.text).toBe(200);
    expect((first.body as { data: { event_count: number } }).data.event_count).toBe(2);
    expect((await append(agent, id, { sequence: 2, events: [event(3)] })).status).toBe(200);
    const again = await append(agent, id, { sequence: 2, events: [event(3)] });
    expect((again.body as { data: { event_count: number } }).data.event_count).toBe(3);

    const replay = await api.get(`/v2/session-recordings/${id}/events`, { token: root });
    expect(replay.status, replay.text).toBe(200);
    const { recording, chunks } = RecordingEventsResponse.parse(replay.body).data;
    expect(chunks.map((c) => c.sequence)).toEqual([1, 2]);
    expect(chunks.flatMap((c) => c.events.map((e) => e.timestamp))).toEqual([
      event(1).timestamp,
      event(2).timestamp,
      event(3).timestamp,
    ]);
    expect(recording).toMatchObject({ user_email: AGENT, event_count: 3 });
    // Dated by the business clock, not the database's.
    expect(recording.started_at).toBe('2026-11-27T15:00:00.000000Z');
  });

  it('lets only the recording’s own user append: another user is answered not found and nothing is stored', async () => {
    const id = await start(agent);
    const other = await append(manager, id, { sequence: 1, events: [event(1)] });
    expect(other.status, other.text).toBe(404);
    const rootAppend = await append(root, id, { sequence: 1, events: [event(1)] });
    expect(rootAppend.status).toBe(404);
    const chunks = await t.server.database.db
      .selectFrom('session_recording_chunks')
      .select('sequence')
      .where('recording_id', '=', id)
      .execute();
    expect(chunks).toEqual([]);
  });

  it('refuses batches past the limits with the field’s message', async () => {
    const id = await start(agent);
    const tooMany = Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, (_, i) => event(i));
    expectValidationError(await append(agent, id, { sequence: 1, events: tooMany }), ['events']);
    expectValidationError(await append(agent, id, { sequence: 1, events: [] }), ['events']);
    expectValidationError(await append(agent, id, { sequence: 0, events: [event(1)] }), ['sequence']);
    expectValidationError(await append(agent, id, { sequence: 1, events: [{ type: 'x' }] }), [
      'events.0.type',
    ]);
    expectValidationError(
      await append(agent, id, { sequence: 1, events: [event(1, { text: 'a\u0000b' })] }),
      ['events'],
    );
    // Under the body limit but over a batch's bytes: 413 naming the field.
    const big = Array.from({ length: 10 }, (_, i) => event(i, { text: 'x'.repeat(90_000) }));
    const large = await append(agent, id, { sequence: 1, events: big });
    expect(large.status, large.text).toBe(413);
    expect((large.body as { errors: Record<string, string[]> }).errors.events).toEqual([
      'A batch may hold at most 768 KiB of events.',
    ]);
    expect(
      (
        await api.post(
          '/v2/session-recordings/not-a-uuid/events',
          { sequence: 1, events: [event(1)] },
          { token: agent },
        )
      ).status,
    ).toBe(422);
  });

  it('keeps the list and replay to session_recording_view holders of the root entity', async () => {
    const id = await start(manager);
    expect((await append(manager, id, { sequence: 1, events: [event(1)] })).status).toBe(200);
    const db = t.server.database.db;
    const houseViewer = await userWith(db, {
      entityCode: HOUSE,
      userType: 'internal',
      privilegeCodes: ['session_recording_view'],
    });
    const agencyViewer = await userWith(db, {
      entityCode: NORTHWIND,
      userType: 'external',
      privilegeCodes: ['session_recording_view'],
    });
    const house = (await api.login(houseViewer)).accessToken;
    const agency = (await api.login(agencyViewer)).accessToken;

    const listed = await api.get(`/v2/session-recordings?filter[user]=${encodeURIComponent(MANAGER)}`, {
      token: house,
    });
    expect(listed.status, listed.text).toBe(200);
    const page = SessionRecordingsPage.parse(listed.body);
    expect(page.data.map((r) => r.id)).toContain(id);
    expect(page.data.every((r) => r.user_email === MANAGER)).toBe(true);
    expect(page.data.find((r) => r.id === id)).toMatchObject({ entity_code: NORTHWIND, event_count: 1 });
    expect((await api.get(`/v2/session-recordings/${id}/events`, { token: house })).status).toBe(200);

    // The privilege in an agency opens nothing; without it, nobody but root reads.
    expect((await api.get('/v2/session-recordings', { token: agency })).status).toBe(403);
    expect((await api.get(`/v2/session-recordings/${id}/events`, { token: agency })).status).toBe(403);
    expect((await api.get('/v2/session-recordings', { token: manager })).status).toBe(403);
    expect((await api.get(`/v2/session-recordings/${id}/events`, { token: manager })).status).toBe(403);
    expect((await api.get('/v2/session-recordings')).status).toBe(401);
    // A recording that is not there.
    const missing = await api.get('/v2/session-recordings/00000000-0000-4000-8000-000000000000/events', {
      token: root,
    });
    expect(missing.status).toBe(404);
    // Filtered by user id and sorted by size.
    const managerId = page.data[0]!.user_id;
    const byId = await api.get(`/v2/session-recordings?filter[user_id]=${managerId}&sort=size_bytes`, {
      token: root,
    });
    expect(SessionRecordingsPage.parse(byId.body).data.every((r) => r.user_id === managerId)).toBe(true);
  });

  it('deletes recordings past their retention in the daily work, by the business clock', async () => {
    expect(DAILY_WORK.map((w) => w.name)).toContain('session-recording-retention');
    clock.set('2026-12-01T16:00:00Z');
    const old = await start(agent);
    clock.set('2026-12-20T16:00:00Z');
    const recent = await start(agent);
    const db = t.server.database.db;
    const context = {
      db,
      clock,
      payments: undefined as never,
      log: { info: () => undefined, warn: () => undefined },
      sessionRecordingRetentionDays: 30,
    };
    const ids = async () =>
      (await db.selectFrom('session_recordings').select('id').where('id', 'in', [old, recent]).execute())
        .map((r) => r.id)
        .sort();
    // Thirty days after the day it started, it is still kept; the day after, it goes with its chunks.
    const started = businessDate(new Date('2026-12-01T16:00:00Z'));
    await sessionRecordingRetention.run({ ...context, businessDate: addDays(started, 30) });
    expect(await ids()).toEqual([old, recent].sort());
    const summary = await sessionRecordingRetention.run({ ...context, businessDate: addDays(started, 31) });
    expect(summary.deleted).toBeGreaterThanOrEqual(1);
    expect(await ids()).toEqual([recent]);
    const chunks = await db
      .selectFrom('session_recording_chunks')
      .select('sequence')
      .where('recording_id', '=', old)
      .execute();
    expect(chunks).toEqual([]);
  });
});

describe.each(testDatabases())('a server that does not record on %s', (database) => {
  let t: TestServer;
  let api: Api;

  beforeAll(async () => {
    // The tests' default: SESSION_RECORDING unset under the test runner is off.
    t = await startTestServer(database);
    api = apiFor(t.url);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('says so to the portal and refuses to start or append, storing nothing', async () => {
    expect(t.config.sessionRecording).toBe(false);
    expect(BrandResponse.parse((await api.get('/v1/public/entity-brands')).body).sessionRecording).toBe(
      false,
    );
    const token = (await api.login(AGENT)).accessToken;
    const started = await api.post('/v2/session-recordings', {}, { token });
    expect(started.status).toBe(404);
    expect((started.body as { message: string }).message).toBe('Session recording is off on this server.');
    const appended = await api.post(
      '/v2/session-recordings/00000000-0000-4000-8000-000000000000/events',
      { sequence: 1, events: [event(1)] },
      { token },
    );
    expect(appended.status).toBe(404);
    const count = await t.server.database.db
      .selectFrom('session_recordings')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});
