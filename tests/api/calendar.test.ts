import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessCalendarResponse } from '../../src/api/schemas/calendar';
import { MovableClock } from '../../src/calendar';
import { apiFor, type Api } from '../support/http';
import { ADMIN, AGENT } from '../support/personas';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';

// GET /v2/calendar: the portal's "today" and business zone come from the server's clock, so a moved clock
// moves them, and the business day is the Central one at the evening hours when UTC has turned over.
describe.each(testDatabases())('business calendar API on %s', (database) => {
  // 7:45 PM Central on Nov 26 is already Nov 27 in UTC.
  const clock = new MovableClock('2026-11-27T01:45:00Z');
  let t: TestServer;
  let api: Api;

  beforeAll(async () => {
    t = await startTestServer(database, {}, { clock });
    api = apiFor(t.url);
  });
  afterAll(async () => {
    await t?.close();
  });

  const calendarOf = async (token: string) => {
    const response = await api.get('/v2/calendar', { token });
    expect(response.status, response.text).toBe(200);
    return BusinessCalendarResponse.strict().parse(response.body).data;
  };

  it('answers the business zone and the business day of the server’s clock, not UTC’s', async () => {
    const { accessToken: token } = await api.login(AGENT);
    expect(await calendarOf(token)).toEqual({
      time_zone: 'America/Chicago',
      business_date: '2026-11-26',
      now: '2026-11-27T01:45:00.000000Z',
    });
  });

  it('follows the clock when it is moved', async () => {
    const { accessToken: token } = await api.login(ADMIN);
    clock.advance({ hours: 4 });
    expect(await calendarOf(token)).toMatchObject({
      business_date: '2026-11-26',
      now: '2026-11-27T05:45:00.000000Z',
    });
    clock.advance({ minutes: 15 });
    expect(await calendarOf(token)).toMatchObject({ business_date: '2026-11-27' });
    clock.set('2027-03-01T06:00:00Z');
    expect(await calendarOf(token)).toMatchObject({ business_date: '2027-03-01' });
  });

  it('is for signed-in users only', async () => {
    expect((await api.get('/v2/calendar')).status).toBe(401);
  });
});
