import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, type Api } from '../support/http';
import { AGENT, MANAGER } from '../support/personas';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';

// Mail delivered (docs/jobs.md "Mail"): the outbox is sent over SMTP by the job runner, each mail marked sent
// once the mail server took it; a refused one keeps its error and is tried again.
describe.each(testDatabases())('mail delivery on %s', (database) => {
  let sink: SmtpSink;
  let t: TestServer;
  let api: Api;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestServer(
      database,
      { JOBS: 'on', SMTP_URL: sink.url, MAIL_FROM: 'Portal <portal@demo.test>' },
      { jobTimings: { tickMs: 100, pollingIntervalSeconds: 0.5 } },
    );
    api = apiFor(t.url);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const outboxOf = (email: string) =>
    t.server.database.db
      .selectFrom('outbox')
      .select(['sent_at', 'attempts', 'last_error'])
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  it('delivers a password reset mail with its link and marks it sent', async () => {
    expect((await api.post('/v1/password-forgot', { email: AGENT })).status).toBe(200);
    const queued = await t.lastMailTo(AGENT);
    expect(queued).not.toBeNull();
    await expect.poll(() => sink.received.length, { timeout: 20_000, interval: 100 }).toBe(1);
    const [mail] = sink.received;
    expect(mail!.to).toEqual([AGENT]);
    expect(mail!.from).toBe('portal@demo.test');
    // Quoted-printable may fold the link; unfolded it is the outbox's link.
    const body = mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain(`Subject: ${queued!.subject}`);
    expect(body).toContain(queued!.link);
    // Both parts, as alternatives of one another.
    expect(body).toMatch(/Content-Type: multipart\/alternative/i);
    expect(body).toMatch(/Content-Type: text\/plain/i);
    expect(body).toMatch(/Content-Type: text\/html/i);
    await expect.poll(async () => (await outboxOf(AGENT)).sent_at, { timeout: 10_000 }).not.toBeNull();
    expect(await outboxOf(AGENT)).toMatchObject({ attempts: 1, last_error: null });
  });

  it('keeps the error of a refused send, leaves the mail unsent and tries it again', async () => {
    sink.refuseWith = 'Mailbox busy, try later';
    expect((await api.post('/v1/password-forgot', { email: MANAGER })).status).toBe(200);
    await expect
      .poll(async () => (await outboxOf(MANAGER)).last_error, { timeout: 20_000 })
      .toMatch(/Mailbox busy/);
    const refused = await outboxOf(MANAGER);
    expect(refused.sent_at).toBeNull();
    expect(refused.attempts).toBeGreaterThanOrEqual(1);
    expect(sink.received.filter((m) => m.to.includes(MANAGER))).toEqual([]);
    // The retry comes after the runner's backoff (half a minute), longer than a test waits: the job is there,
    // once the runner has marked the failed attempt for retry (the outbox row is written before that).
    await expect
      .poll(() => t.server.jobs.runner!.getQueueSize('mail', { before: 'active' }), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    sink.refuseWith = null;
  });
});
