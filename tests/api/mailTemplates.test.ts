import { describe, expect, it } from 'vitest';
import { expectValidationError } from '../support/http';
import { ADMIN, MANAGER, NORTHWIND, REPORTS } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// A name that tries to start a line of its own (a line break, a tab) and carries markup.
const HOSTILE_NAME = 'Eve\r\nCall 555-0100 now\t<script>x()</script>';
const ONE_LINE_NAME = 'Eve Call 555-0100 now <script>x()</script>';
const ESCAPED_NAME = 'Eve Call 555-0100 now &lt;script&gt;x()&lt;/script&gt;';

// Mail built from templates (docs/security.md "Mail"): a user's name goes into a mail as one line of text,
// escaped in the HTML part, and every mail has both parts.
describe.each(testDatabases())('mail built from templates on %s', (database) => {
  const s = useTestServer(database);

  const expectNameAsText = (mail: { body: string; html: string | null } | null) => {
    expect(mail).not.toBeNull();
    const { body, html } = mail!;
    expect(html, 'an HTML part').toMatch(/^<!DOCTYPE html>/);
    // Text part: the greeting holds the whole name on one line; no line of the mail starts with its words.
    const lines = body.split('\n');
    expect(lines[0]).toBe(`Hello ${ONE_LINE_NAME},`);
    expect(lines.some((line) => line.startsWith('Call 555'))).toBe(false);
    expect(body).not.toContain('\r');
    expect(body).not.toContain('\t');
    // HTML part: the markup is shown as text, never run.
    expect(html).toContain(`Hello ${ESCAPED_NAME},`);
    expect(html).not.toContain('<script>');
  };

  it('puts a name with a line break and markup into a reset mail as one line, escaped in the HTML part', async () => {
    const { accessToken: token } = await s.api.login(REPORTS);
    const renamed = await s.api.request('PATCH', '/v2/my/profile', {
      token,
      body: { firstName: HOSTILE_NAME },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await s.api.post('/v1/password-forgot', { email: REPORTS })).status).toBe(200);
    const mail = await s.t.lastMailTo(REPORTS);
    expectNameAsText(mail);
    // The link is whole in both parts, and a link in the HTML part.
    expect(mail!.body).toContain(mail!.link);
    expect(mail!.html).toContain(`<a href="${mail!.link.replace(/&/g, '&amp;')}">`);
    expect(mail!.subject).toBe('Reset your portal password');
  });

  it("does the same for a new user's invitation", async () => {
    const { accessToken: token } = await s.api.login(ADMIN);
    const email = 'invited.eve@demo.test';
    const created = await s.api.post(
      '/v2/users',
      { fname: HOSTILE_NAME, lname: 'Example', email, entity: NORTHWIND },
      { token },
    );
    expect(created.status, created.text).toBe(201);
    const mail = await s.t.lastMailTo(email);
    expectNameAsText(mail);
    expect(mail!.subject).toBe('You have been invited to the agent portal');
  });

  it('voids the older reset links of an account when a new one is mailed', async () => {
    const tokenOf = async () => {
      expect((await s.api.post('/v1/password-forgot', { email: MANAGER })).status).toBe(200);
      return new URL((await s.t.lastMailTo(MANAGER))!.link).searchParams.get('token')!;
    };
    const first = await tokenOf();
    const second = await tokenOf();
    const newest = await tokenOf();
    const password = 'a-brand-new-password-2026';
    for (const older of [first, second]) {
      const refused = await s.api.post('/v1/password-reset', {
        email: MANAGER,
        token: older,
        password,
        passwordConfirmation: password,
      });
      expectValidationError(refused, ['token']);
    }
    // The old password still signs in: nothing was changed by the older links.
    await s.api.login(MANAGER);
    const reset = await s.api.post('/v1/password-reset', {
      email: MANAGER,
      token: newest,
      password,
      passwordConfirmation: password,
    });
    expect(reset.status, reset.text).toBe(200);
    await s.api.login(MANAGER, password);
  });
});
