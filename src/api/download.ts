import { actingEntityStore } from './actingEntity';
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

export interface DownloadRequest {
  query?: Record<string, unknown>;
  // A report asked for with a JSON body (selected ids, a filter) is a POST; it must still only read, as
  // asking twice must change nothing (see fetchFile).
  method?: 'GET' | 'POST';
  body?: unknown;
  // Used when the answer names no file.
  fallbackName: string;
  signal?: AbortSignal;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
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
  const agentEntityCode = actingEntityStore.get();
  if (agentEntityCode) result[AGENT_ENTITY_HEADER] = agentEntityCode;
  return result;
}

// Fetches the file. Anything but a success is asked again through the shared client, so an expired token
// is refreshed, an ended session signs out and errors carry the server's message exactly as for any other
// call (downloads only read, GET or POST, so asking twice changes nothing).
export async function fetchFile(path: string, request: DownloadRequest): Promise<DownloadedFile> {
  const method = request.method ?? 'GET';
  const json = request.body !== undefined;
  inflight.start();
  let status: number;
  try {
    const response = await fetch(withQuery(path, request.query), {
      method,
      headers: headers(json),
      body: json ? JSON.stringify(request.body) : undefined,
      signal: request.signal,
    });
    if (response.ok) {
      const filename =
        filenameFromDisposition(response.headers.get('content-disposition')) ?? request.fallbackName;
      return { blob: await response.blob(), filename };
    }
    status = response.status;
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  } finally {
    inflight.end();
  }
  const blob = await apiRequest(path, {
    method,
    body: request.body,
    query: request.query,
    signal: request.signal,
    responseType: 'blob',
  });
  if (!(blob instanceof Blob)) throw new ApiError(status, 'The server sent no file.');
  return { blob, filename: request.fallbackName };
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
