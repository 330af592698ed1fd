import { apiRequest } from './client';

// Multipart uploads through the shared client, so they carry the session's token and acting entity, refresh
// an expired token and report 422 field messages like every other call. The browser sets the multipart
// boundary itself, so no content type is given here.
//
//   const saved = await uploadFile('/v2/matters/12/files', file);
export async function uploadFile(
  path: string,
  file: File,
  options: { field?: string; signal?: AbortSignal } = {},
): Promise<unknown> {
  const form = new FormData();
  form.append(options.field ?? 'file', file, file.name);
  return apiRequest(path, { method: 'POST', body: form, signal: options.signal });
}
