// What an upload may be (PDF, PNG, JPEG, plain text), told by its first bytes rather than by what the
// browser declared, so a renamed executable is not stored as a "PDF".
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const UPLOAD_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'text/plain'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

// The type the content is, or null when it is none of the accepted ones.
export function sniffType(bytes: Uint8Array): UploadType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.length > 0 && isPlainText(bytes)) return 'text/plain';
  return null;
}

// The declared media type without parameters (text/plain; charset=utf-8 → text/plain), lower case.
export function mediaType(declared: string): string {
  return declared.split(';')[0]!.trim().toLowerCase();
}

const EXTENSIONS: Record<UploadType, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'text/plain': '.txt',
};

// A name safe to store and to send back in a header: no directories, no control or quoting characters,
// at most 120 characters, and an extension that matches the content.
export function sanitizeFileName(name: string, type: UploadType): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  let clean = base
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s_]+/, '')
    .trim();
  const dot = clean.lastIndexOf('.');
  let stem = dot > 0 ? clean.slice(0, dot) : clean;
  const ext = dot > 0 ? clean.slice(dot).toLowerCase() : '';
  const wanted = EXTENSIONS[type];
  const fits = ext === wanted || (type === 'image/jpeg' && ext === '.jpeg');
  stem = stem.slice(0, 110) || 'file';
  clean = `${stem}${fits ? ext : wanted}`;
  return clean;
}

// Content-Disposition for a download: an ASCII fallback and the exact name (RFC 6266 / 5987).
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // encodeURIComponent leaves ' ( ) * as they are; RFC 5987 wants them escaped too.
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
