import { agentEntityCodeToSend } from './actingEntity';
import { apiRequest } from './client';
import { ApiError, NETWORK_ERROR_MESSAGE } from './httpErrors';
import { inflight } from './inflight';
import { withQuery } from './queryString';
import { tokenStore } from './tokens';
import { AGENT_ENTITY_HEADER, CLIENT_ID, CLIENT_ID_HEADER } from './version';

// Authenticated file downloads (PDF documents, receipts, CSV exports). A plain link cannot carry the bearer
// token, so the file is fetched with the same headers as every API call, turned into a Blob and saved
// through an object URL, named as the server's Content-Disposition says.
//
//   await downloadFile('/v2/quotes/export', { query: { filter }, fallbackName: 'quotes.csv' });
//
// A CSV file is read chunk by chunk as it streams, counting its data rows; the server announces how many
// it will send in `x-total-count` (docs/reports.md "Exports"), and a file that ends with fewer is refused
// rather than saved short.

export const TOTAL_COUNT_HEADER = 'x-total-count';

export interface DownloadProgress {
  // Data rows received so far (the header line is not a row); 0 for a file that is not CSV.
  rows: number;
  // The rows the server announced, or null when it did not say.
  totalRows: number | null;
  bytes: number;
}

export interface DownloadRequest {
  query?: Record<string, unknown>;
  // A report asked for with a JSON body (selected ids, a filter) is a POST; it must still only read, as
  // asking twice must change nothing (see fetchFile).
  method?: 'GET' | 'POST';
  body?: unknown;
  // Used when the answer names no file.
  fallbackName: string;
  signal?: AbortSignal;
  // Called as the body arrives: once when the answer starts, after every chunk, and once at the end.
  onProgress?: (progress: DownloadProgress) => void;
}

// What a screen hands an export call: Cancel's signal and where progress goes.
export type DownloadWatch = Pick<DownloadRequest, 'signal' | 'onProgress'>;

export interface DownloadedFile {
  blob: Blob;
  filename: string;
  // The data rows the file holds (CSV only; null for other files).
  rows: number | null;
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

// Counts the records of an RFC 4180 CSV body fed in chunks as they arrive: a line break ends a record
// unless it lies inside a quoted field, CRLF is one break, and a chunk may end anywhere (between CR and
// LF, inside a quoted field). Works on the UTF-8 bytes: a quote, CR or LF byte is never part of a
// multi-byte character.
export class CsvRowCounter {
  private records = 0;
  private quoted = false;
  private afterCr = false;
  // Bytes of a record whose line break has not arrived yet.
  private open = false;

  push(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (this.quoted) {
        // A doubled quote ("") leaves the field and enters it again at once.
        if (byte === QUOTE) this.quoted = false;
        this.afterCr = false;
        this.open = true;
      } else if (byte === LF && this.afterCr) {
        this.afterCr = false;
      } else if (byte === CR || byte === LF) {
        this.records++;
        this.open = false;
        this.afterCr = byte === CR;
      } else {
        if (byte === QUOTE) this.quoted = true;
        this.afterCr = false;
        this.open = true;
      }
    }
  }

  // Data rows whose line break has arrived: records after the header line.
  get rows(): number {
    return Math.max(0, this.records - 1);
  }

  // Data rows of the whole body once it has ended: a last record without a line break counts too.
  get totalRows(): number {
    return Math.max(0, this.records + (this.open ? 1 : 0) - 1);
  }
}

// The data rows of a whole CSV text or body.
export function countCsvRows(body: string | Uint8Array): number {
  const counter = new CsvRowCounter();
  counter.push(typeof body === 'string' ? new TextEncoder().encode(body) : body);
  return counter.totalRows;
}

const isCsv = (contentType: string | null) => /^\s*text\/csv\b/i.test(contentType ?? '');

function announcedRows(header: string | null): number | null {
  if (header === null || !/^\s*\d+\s*$/.test(header)) return null;
  const rows = Number(header);
  return Number.isSafeInteger(rows) ? rows : null;
}

const count = (n: number) => n.toLocaleString('en-US');

export function truncationMessage(rows: number, totalRows: number): string {
  return `The file ended early: ${count(rows)} of ${count(totalRows)} rows arrived. Try again.`;
}

// attachment; filename="quote-1.pdf" or the RFC 6266 form filename*=UTF-8''quote%201.pdf (which wins).
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return safeName(decodeURIComponent(extended[2].trim()));
    } catch {
      // A malformed escape falls through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain?.[1];
  return name ? safeName(name.trim()) : null;
}

// The server names the file, but a path in it must never steer where the browser saves it.
function safeName(name: string): string | null {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base && base !== '.' && base !== '..' ? base : null;
}

function headers(json: boolean): Record<string, string> {
  const result: Record<string, string> = { [CLIENT_ID_HEADER]: CLIENT_ID };
  if (json) result['Content-Type'] = 'application/json';
  const token = tokenStore.access();
  if (token) result.Authorization = `Bearer ${token}`;
  const agentEntityCode = agentEntityCodeToSend();
  if (agentEntityCode) result[AGENT_ENTITY_HEADER] = agentEntityCode;
  return result;
}

interface Received {
  blob: Blob;
  filename: string;
  rows: number | null;
  totalRows: number | null;
}

// Reads a successful answer. A CSV body (or any body whose progress is asked for) is read chunk by chunk,
// counting rows and bytes as they arrive; other files are taken whole.
async function receive(response: Response, request: DownloadRequest): Promise<Received> {
  const filename =
    filenameFromDisposition(response.headers.get('content-disposition')) ?? request.fallbackName;
  const contentType = response.headers.get('content-type');
  const csv = isCsv(contentType);
  const totalRows = csv ? announcedRows(response.headers.get(TOTAL_COUNT_HEADER)) : null;
  const { onProgress } = request;
  if (!response.body || (!csv && !onProgress)) {
    const blob = await response.blob();
    const rows = csv ? countCsvRows(new Uint8Array(await blob.arrayBuffer())) : null;
    onProgress?.({ rows: rows ?? 0, totalRows, bytes: blob.size });
    return { blob, filename, rows, totalRows };
  }
  const counter = csv ? new CsvRowCounter() : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  onProgress?.({ rows: 0, totalRows, bytes });
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    counter?.push(value);
    onProgress?.({ rows: counter?.rows ?? 0, totalRows, bytes });
  }
  const rows = counter ? counter.totalRows : null;
  onProgress?.({ rows: rows ?? 0, totalRows, bytes });
  return { blob: new Blob(chunks, { type: contentType ?? '' }), filename, rows, totalRows };
}

// Fetches the file. Anything but a success is asked again through the shared client, so an expired token
// is refreshed, an ended session signs out and errors carry the server's message exactly as for any other
// call (downloads only read, GET or POST, so asking twice changes nothing). A CSV file that ends with fewer
// rows than the server announced is refused, never handed over short.
export async function fetchFile(path: string, request: DownloadRequest): Promise<DownloadedFile> {
  const method = request.method ?? 'GET';
  const json = request.body !== undefined;
  inflight.start();
  let received: Received | null = null;
  let status = 0;
  try {
    const response = await fetch(withQuery(path, request.query), {
      method,
      headers: headers(json),
      body: json ? JSON.stringify(request.body) : undefined,
      signal: request.signal,
    });
    if (response.ok) received = await receive(response, request);
    else status = response.status;
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  } finally {
    inflight.end();
  }
  if (received) {
    const { blob, filename, rows, totalRows } = received;
    if (rows !== null && totalRows !== null && rows < totalRows)
      throw new ApiError(0, truncationMessage(rows, totalRows));
    // Only a file the server counted is a table of rows (a statement's CSV is a document): name its rows.
    return { blob, filename, rows: totalRows === null ? null : rows };
  }
  const blob = await apiRequest(path, {
    method,
    body: request.body,
    query: request.query,
    signal: request.signal,
    responseType: 'blob',
  });
  if (!(blob instanceof Blob)) throw new ApiError(status, 'The server sent no file.');
  // Asked again after a refreshed session: the client keeps no headers, so the rows are counted from the
  // whole file, without the announced total to hold them to.
  const rows = isCsv(blob.type) ? countCsvRows(new Uint8Array(await blob.arrayBuffer())) : null;
  request.onProgress?.({ rows: rows ?? 0, totalRows: null, bytes: blob.size });
  return { blob, filename: request.fallbackName, rows };
}

// Hands a Blob to the browser as a download.
export function saveFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; revoking later keeps slow browsers safe.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export async function downloadFile(path: string, request: DownloadRequest): Promise<DownloadedFile> {
  const file = await fetchFile(path, request);
  saveFile(file);
  return file;
}
