import { randomUUID } from 'node:crypto';
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { QuoteView } from '../../src/api/schemas/quoteCommands';
import { NO_COVERAGE_TEXT } from '../../src/server/domain/quotes/quotePdf';
import { money, pdfDay, pdfTime } from '../../src/server/domain/documents/pdfText';
import { entityApi, userWith } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import { ACCOUNTING, AGENT, LAKESIDE, MANAGER, NORTHWIND_AUSTIN } from '../support/personas';
import { newQuote, quoteApi } from '../support/quoteApi';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// GET /v2/quotes/{uuid}: the quote document (SPEC §7). pdf-lib parses the file back but extracts no text,
// so the test decodes the pages' content streams and reads the strings drawn with Tj: the text a reader
// sees, not metadata written beside it.
function drawnText(pdf: PDFDocument): string {
  const lines: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const [, hex] of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
        lines.push(Buffer.from(hex!, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}

describe.each(testDatabases())('quote document on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const q = quoteApi(e);
  const db = () => s.t.server.database.db;

  // Raw bytes: the shared helper reads bodies as text, which would mangle a binary file.
  const download = async (uuid: string, email = AGENT) =>
    fetch(`${s.t.url}/v2/quotes/${uuid}`, {
      headers: { authorization: `Bearer ${await e.tokenOf(email)}` },
    });

  const open = async (uuid: string, email = AGENT) => {
    const response = await download(uuid, email);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="quote-${uuid}.pdf"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    return { pdf, text: drawnText(pdf) };
  };

  const covered = async (): Promise<QuoteView> => {
    const created = await q.create();
    await q.command('answerUnderwriting', await q.answers(created));
    const [rex, tom] = created.pets;
    return q.command('chooseCoverage', {
      uuid: created.uuid,
      pets: [{ petId: rex!.id, planCode: 'AI_10K', deductible: 500, reimbursement: 80 }, { petId: tom!.id }],
    });
  };

  it('answers the chosen coverage as a PDF the customer can read', async () => {
    const quote = await covered();
    const { pdf, text } = await open(quote.uuid);
    expect(pdf.getTitle()).toBe(`Pet insurance quote ${quote.uuid}`);
    expect(pdf.getSubject()).toBe('Pet insurance quote for Ada Lovelace');
    expect(text).toContain('Pet insurance quote');
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain(NORTHWIND_AUSTIN);
    expect(text).toContain('1 Congress Ave, Austin, TX 78701');
    expect(text).toContain('Dog, Mixed Breed (Medium)');
    expect(text).toContain('Cat, Abyssinian');
    expect(text).toContain('Accident & Illness, $10,000 annual limit');
    expect(text).toContain('$500.00');
    expect(text).toContain('80%');
    expect(text).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4},? \d{1,2}:\d\d [AP]M C[SD]?T/);
    expect(text).toContain(`Quote ${quote.uuid}`);
    expect(text).toMatch(/Page 1 of \d+/);
    for (const pet of quote.pets) {
      expect(text).toContain(pet.name);
      expect(text).toContain(money(pet.plan!.monthly_premium));
      expect(text).toContain(money(pet.plan!.total_premium));
    }
    const monthly = quote.pets.reduce((sum, p) => sum + Math.round(p.plan!.monthly_premium * 100), 0);
    expect(text).toContain(money(monthly / 100));
    expect(text).not.toContain(NO_COVERAGE_TEXT);
  });

  it('shows the pets of a quote without coverage and says it is not chosen yet', async () => {
    const quote = await q.create({
      ...newQuote,
      customer: { ...newQuote.customer, firstName: 'Grace', lastName: 'Hopper' },
    });
    const { text } = await open(quote.uuid);
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('Rex');
    expect(text).toContain('Tom');
    expect(text).toContain(NO_COVERAGE_TEXT);
    expect(text).not.toContain('Monthly premium');
  });

  it('draws names the standard fonts cannot encode without failing the document', async () => {
    const quote = await q.create({
      ...newQuote,
      customer: { ...newQuote.customer, firstName: 'Zoë', lastName: 'Nguyễn 李' },
    });
    const { pdf, text } = await open(quote.uuid);
    // The metadata keeps the name as typed; the page shows what Helvetica can draw.
    expect(pdf.getSubject()).toBe('Pet insurance quote for Zoë Nguyễn 李');
    expect(text).toContain('Zoë Nguy?n ?');
  });

  it('writes times on the business clock with their zone, and days as the day they name', () => {
    expect(pdfTime('2026-11-22T01:24:38.512Z')).toBe('Nov 21, 2026, 7:24 PM CST');
    expect(pdfTime('2026-07-04T12:05:00.000-05:00')).toBe('Jul 4, 2026, 12:05 PM CDT');
    expect(pdfDay('2026-11-22')).toBe('Nov 22, 2026');
  });

  it('serves callers with quote_new only, and the agency above the quote', async () => {
    const quote = await q.create();
    const maker = await userWith(db(), {
      entityCode: NORTHWIND_AUSTIN,
      userType: 'external',
      privilegeCodes: ['quote_new'],
    });
    await open(quote.uuid, maker);
    await open(quote.uuid, MANAGER);
  });

  it('answers 404 outside the caller’s scope or for an unknown quote, 422 for a malformed uuid', async () => {
    const quote = await q.create();
    const lakeside = await userWith(db(), {
      entityCode: LAKESIDE,
      userType: 'external',
      privilegeCodes: ['quote_search'],
    });
    expectError(await e.get(`/v2/quotes/${quote.uuid}`, lakeside), 404);
    expectError(await e.get(`/v2/quotes/${randomUUID()}`, AGENT), 404);
    const malformed = expectValidationError(await e.get('/v2/quotes/not-a-uuid', AGENT), ['uuid']);
    expect(malformed.errors).toEqual({ uuid: ['uuid must be a UUID'] });
  });

  it('refuses callers without quote_search or quote_new (403) and without a token (401)', async () => {
    const quote = await q.create();
    expectError(await e.get(`/v2/quotes/${quote.uuid}`, ACCOUNTING), 403);
    expectError(await s.api.get(`/v2/quotes/${quote.uuid}`), 401);
  });
});
