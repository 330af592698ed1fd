import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  countCsvRows,
  CsvRowCounter,
  fetchFile,
  truncationMessage,
  type DownloadProgress,
} from '../../src/api/download';
import { ApiError } from '../../src/api/httpErrors';
import { csvLine } from '../../src/server/domain/documents/csv';
import { progressLabel } from '../../src/ui/feedback/DownloadProgress';
import { downloadedText } from '../../src/ui/feedback/useFileDownloads';

// The portal's CSV downloads count data rows as the body streams in (docs/reports.md "Exports"): the
// counter must agree with the server's CSV however the chunks fall, and a file shorter than the server
// announced is refused.

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text);

// Feeds the text cut at the given offsets (byte offsets of its UTF-8) and answers the rows seen after
// each chunk, then the total.
function countInChunks(text: string, cuts: number[]): { during: number[]; total: number } {
  const all = bytes(text);
  const counter = new CsvRowCounter();
  const during: number[] = [];
  let from = 0;
  for (const cut of [...cuts, all.length]) {
    counter.push(all.subarray(from, cut));
    during.push(counter.rows);
    from = cut;
  }
  return { during, total: counter.totalRows };
}

// A file as the exports write it: csvLine quotes a field holding a comma, quote or line break.
const HEADER = csvLine(['id', 'name', 'note']);
const ROWS = [
  csvLine([1, 'Rex, "the Great"', 'plain']),
  csvLine([2, 'Bella', 'first line\r\nsecond line']),
  csvLine([3, 'Ünïcødé 🐕', 'a\nb\rc']),
  csvLine([4, '"', '']),
];
const FILE = HEADER + ROWS.join('');

describe('CsvRowCounter', () => {
  it('counts the data rows of an export, line breaks inside quoted fields included', () => {
    // csvField does put line breaks in a field (quoted), so counting line breaks alone would be wrong.
    expect(csvLine(['a\nb'])).toBe('"a\nb"\r\n');
    expect(countCsvRows(FILE)).toBe(4);
    expect(countCsvRows(FILE.split('\r\n').join('\n'))).toBe(4);
  });

  it('gives the same count wherever the chunks split the body, CR from LF and quotes included', () => {
    const length = bytes(FILE).length;
    for (let cut = 0; cut <= length; cut++) expect(countInChunks(FILE, [cut]).total).toBe(4);
    for (let cut = 0; cut + 7 <= length; cut += 3) expect(countInChunks(FILE, [cut, cut + 7]).total).toBe(4);
    // One byte at a time: never more rows than have ended, and every row once.
    const single = countInChunks(
      FILE,
      Array.from({ length: length - 1 }, (_, i) => i + 1),
    );
    expect(single.total).toBe(4);
    expect(Math.max(...single.during)).toBe(4);
    expect(single.during.every((rows, i) => i === 0 || rows >= single.during[i - 1]!)).toBe(true);
  });

  it('counts a row as it ends: CRLF split over two chunks is one break', () => {
    const text = `${HEADER}1,a,b\r\n2,c,d\r\n`;
    const atCr = bytes(text).indexOf(0x0a, bytes(HEADER).length); // the LF ending row 1
    const { during, total } = countInChunks(text, [atCr]);
    // Row 1's CR has arrived: it is counted; the LF that follows in the next chunk adds nothing.
    expect(during).toEqual([1, 2]);
    expect(total).toBe(2);
  });

  it('counts a last row without a line break once the body has ended', () => {
    const counter = new CsvRowCounter();
    counter.push(bytes('id\r\n1\r\n2'));
    expect(counter.rows).toBe(1);
    expect(counter.totalRows).toBe(2);
  });

  it('answers 0 for an empty body and for the header alone', () => {
    expect(countCsvRows('')).toBe(0);
    expect(countCsvRows(HEADER)).toBe(0);
    expect(countCsvRows('id,name')).toBe(0);
  });
});

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(bytes(chunk));
      controller.close();
    },
  });
}

function csvResponse(chunks: string[], totalRows: number | null): Response {
  const headers: Record<string, string> = {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': 'attachment; filename="policies.csv"',
  };
  if (totalRows !== null) headers['x-total-count'] = String(totalRows);
  return new Response(streamOf(chunks), { status: 200, headers });
}

describe('fetchFile', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answer = (response: Response) => vi.stubGlobal('fetch', async () => response);

  it('reports progress chunk by chunk against the announced total, and the rows the file holds', async () => {
    const body = HEADER + ROWS.join('');
    answer(csvResponse([body.slice(0, 20), body.slice(20, 45), body.slice(45)], 4));
    const seen: DownloadProgress[] = [];
    const file = await fetchFile('/v2/policies/export', {
      fallbackName: 'x.csv',
      onProgress: (p) => seen.push(p),
    });
    expect(file.filename).toBe('policies.csv');
    expect(file.rows).toBe(4);
    expect(await file.blob.text()).toBe(body);
    expect(file.blob.type).toBe('text/csv; charset=utf-8');
    // Once when the answer starts, after each of the three chunks, and at the end.
    expect(seen).toHaveLength(5);
    expect(seen[0]).toEqual({ rows: 0, totalRows: 4, bytes: 0 });
    expect(seen.at(-1)).toEqual({ rows: 4, totalRows: 4, bytes: bytes(body).length });
    expect(seen.map((p) => p.rows)).toEqual([...seen.map((p) => p.rows)].sort((a, b) => a - b));
  });

  it('counts the rows without a progress callback too', async () => {
    answer(csvResponse([FILE], 4));
    expect((await fetchFile('/v2/quotes/export', { fallbackName: 'quotes.csv' })).rows).toBe(4);
    answer(csvResponse([HEADER], 0));
    expect((await fetchFile('/v2/quotes/export', { fallbackName: 'quotes.csv' })).rows).toBe(0);
  });

  it('refuses a file that ends before the announced rows have arrived', async () => {
    answer(csvResponse([HEADER, ROWS[0]!, ROWS[1]!], 5000));
    const failure = await fetchFile('/v2/policies/export', { fallbackName: 'x.csv' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('The file ended early: 2 of 5,000 rows arrived. Try again.');
    expect(truncationMessage(1200, 5000)).toBe(
      'The file ended early: 1,200 of 5,000 rows arrived. Try again.',
    );
  });

  it('accepts a file without an announced total (a document, no rows named), or with more rows than announced', async () => {
    answer(csvResponse([FILE], null));
    expect((await fetchFile('/x', { fallbackName: 'x.csv' })).rows).toBeNull();
    answer(csvResponse([FILE], 3));
    expect((await fetchFile('/x', { fallbackName: 'x.csv' })).rows).toBe(4);
  });

  it('answers rows null for a file that is not CSV', async () => {
    answer(
      new Response(streamOf(['%PDF-1.7\n', 'line\n']), {
        status: 200,
        headers: { 'content-type': 'application/pdf' },
      }),
    );
    const seen: DownloadProgress[] = [];
    const file = await fetchFile('/doc', { fallbackName: 'doc.pdf', onProgress: (p) => seen.push(p) });
    expect(file).toMatchObject({ filename: 'doc.pdf', rows: null });
    expect(seen.at(-1)).toEqual({ rows: 0, totalRows: null, bytes: 14 });
  });

  it('stops when the signal aborts, with the abort rather than a network error', async () => {
    const controller = new AbortController();
    // As a browser's fetch does: aborting errors the body being read.
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        start(stream) {
          stream.enqueue(bytes(HEADER));
          init.signal?.addEventListener('abort', () =>
            stream.error(new DOMException('The download was aborted.', 'AbortError')),
          );
        },
      });
      return new Response(body, {
        status: 200,
        headers: { 'content-type': 'text/csv', 'x-total-count': '9' },
      });
    });
    const seen: DownloadProgress[] = [];
    const failure = await fetchFile('/x', {
      fallbackName: 'x.csv',
      signal: controller.signal,
      // Cancel once the header has arrived.
      onProgress: (p) => {
        seen.push(p);
        if (p.bytes > 0) controller.abort();
      },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DOMException);
    expect((failure as DOMException).name).toBe('AbortError');
    expect(seen.at(-1)).toEqual({ rows: 0, totalRows: 9, bytes: bytes(HEADER).length });
  });
});

describe('what the screens say', () => {
  it('names the rows a CSV file holds in the notice', () => {
    expect(downloadedText({ filename: 'policies.csv', rows: 1234 })).toBe(
      'policies.csv was downloaded: 1,234 rows.',
    );
    expect(downloadedText({ filename: 'quotes.csv', rows: 1 })).toBe('quotes.csv was downloaded: 1 row.');
    expect(downloadedText({ filename: 'quotes.csv', rows: 0 })).toBe('quotes.csv was downloaded: 0 rows.');
    expect(downloadedText({ filename: 'quote.pdf', rows: null })).toBe('quote.pdf was downloaded.');
    expect(downloadedText({ filename: 'receipt.pdf' })).toBe('receipt.pdf was downloaded.');
  });

  it('labels the bar with the rows received of the rows announced', () => {
    expect(progressLabel('Exporting', { rows: 1200, totalRows: 5000, bytes: 1 })).toBe(
      'Exporting 1,200 of 5,000 rows',
    );
    expect(progressLabel('Exporting', { rows: 1200, totalRows: null, bytes: 1 })).toBe(
      'Exporting 1,200 rows',
    );
    expect(progressLabel('Exporting', null)).toBe('Exporting: counting the rows…');
  });
});
