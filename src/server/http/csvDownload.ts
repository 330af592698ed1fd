import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

// Every CSV export and report answers through here (docs/reports.md "Exports"): the file streams as the
// client reads it, and `x-total-count` says beforehand how many data rows it will hold (the header line is
// not a row), counted with the same filters and scope as the rows. The portal shows progress against that
// number and refuses a file that ends with fewer rows than announced, so an export never silently
// truncates. The portal is served from the API's origin, so no CORS header is needed to read it.
export const TOTAL_COUNT_HEADER = 'x-total-count';

// attachment; filename="policies.csv", with the RFC 6266 filename* form added for a name plain quoting
// cannot carry (non-ASCII, quotes, backslashes).
export function attachmentDisposition(filename: string): string {
  if (/^[\x20-\x7e]*$/.test(filename) && !/["\\]/.test(filename)) return `attachment; filename="${filename}"`;
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  // RFC 5987 attr-chars: encodeURIComponent leaves ' ( ) * as they are, which that form does not allow.
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function sendCsv(
  reply: FastifyReply,
  file: { filename: string; totalRows: number; lines: AsyncIterable<string> | Iterable<string> },
): FastifyReply {
  if (!Number.isSafeInteger(file.totalRows) || file.totalRows < 0)
    throw new Error(`A CSV export needs a row count, not ${file.totalRows}`);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentDisposition(file.filename))
    .header(TOTAL_COUNT_HEADER, String(file.totalRows))
    .send(Readable.from(file.lines, { objectMode: false }));
}
