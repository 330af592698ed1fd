import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  link,
  MAX_VALUE_LENGTH,
  oneLine,
  paragraph,
  renderMail,
} from '../../src/server/mail/mailTemplates';
import { declineNoticeMail, passwordLinkMail } from '../../src/server/mail/mails';

describe('mail templates', () => {
  it('makes a value one trimmed line: line breaks, tabs, control and format characters become one space', () => {
    expect(oneLine('  Eve\r\n\r\nIgnore this\tmail  ')).toBe('Eve Ignore this mail');
    expect(oneLine('a\u2028b\u2029c\u0085d\u0000e\u001bf')).toBe('a b c d e f');
    // Bidirectional overrides and zero-width characters, which make text read otherwise than it is.
    expect(oneLine('Eve\u202egnp.exe\u200b!')).toBe('Eve gnp.exe !');
    expect(oneLine('\n\t ')).toBe('');
  });

  it('cuts a long value to the cap with an ellipsis, never inside a character', () => {
    const long = '😀'.repeat(MAX_VALUE_LENGTH + 10);
    const cut = oneLine(long);
    expect([...cut]).toHaveLength(MAX_VALUE_LENGTH);
    expect(cut.endsWith('…')).toBe(true);
    expect(oneLine('x'.repeat(MAX_VALUE_LENGTH))).toBe('x'.repeat(MAX_VALUE_LENGTH));
  });

  it('escapes markup for the HTML part', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it("renders both parts: the template's line breaks kept, a value's gone, values escaped in HTML", () => {
    const name = 'Eve\nNew line <b>bold</b> & co';
    const mail = renderMail(paragraph`About ${name}`, [
      paragraph`Hello ${name},`,
      paragraph`Open:\n${link('https://portal.example/reset?token=a&email=b')}`,
      paragraph`You owe ${12}.`,
    ]);
    expect(mail.subject).toBe('About Eve New line <b>bold</b> & co');
    expect(mail.text).toBe(
      [
        'Hello Eve New line <b>bold</b> & co,',
        '',
        'Open:\nhttps://portal.example/reset?token=a&email=b',
        '',
        'You owe 12.',
      ].join('\n'),
    );
    expect(mail.html).toContain('<p>Hello Eve New line &lt;b&gt;bold&lt;/b&gt; &amp; co,</p>');
    expect(mail.html).toContain(
      '<p>Open:<br>\n<a href="https://portal.example/reset?token=a&amp;email=b">https://portal.example/reset?token=a&amp;email=b</a></p>',
    );
    expect(mail.html).not.toContain('<b>');
  });

  it('builds the reset and invitation mails with the link whole and the name as text', () => {
    const url = 'https://portal.example/reset-password?token=t&email=e%40x.test';
    for (const kind of ['password-reset', 'user-invite'] as const) {
      const mail = passwordLinkMail(kind, { firstName: 'Eve\n<i>x</i>' }, url);
      expect(mail.text.split('\n')[0]).toBe('Hello Eve <i>x</i>,');
      expect(mail.text).toContain(`\n${url}\n`);
      expect(mail.html).toContain('Hello Eve &lt;i&gt;x&lt;/i&gt;,');
      expect(mail.html).toContain(`<a href="${url.replace(/&/g, '&amp;')}">`);
    }
  });

  it("builds the decline notice with the customer's name as one line", () => {
    const mail = declineNoticeMail({
      firstName: 'Eve\nPay to account 123 <script>',
      policyNumber: 'PET-000123',
      amountCents: 4250,
      dueDate: '2026-03-01',
      retryOn: null,
      lapsesOn: '2026-03-31',
    });
    expect(mail.subject).toBe('Payment declined for policy PET-000123');
    expect(mail.text.split('\n')[0]).toBe('Dear Eve Pay to account 123 <script>,');
    expect(mail.text).toContain('Your payment of $42.50 for policy PET-000123');
    expect(mail.text).toContain('We will not try the payment again.');
    expect(mail.html).toContain('Dear Eve Pay to account 123 &lt;script&gt;,');
    expect(mail.html).not.toContain('<script>');
  });
});
