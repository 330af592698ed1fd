import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '../../../api/access';
import { MatterIdParams } from '../../../api/schemas/policies';
import { uuidParam } from '../../../api/schemas/params';
import { MatterFileResponse, MatterFilesResponse, type MatterFile } from '../../../api/schemas/policyMatters';
import { MAX_UPLOAD_BYTES } from '../../domain/matters/fileTypes';
import { requireMatter } from '../../domain/matters/matterScope';
import { attachFile, findFile, listFiles, type Upload } from '../../domain/policies/policyFiles';
import type { Db } from '../../store/db';
import { ValidationFailed, notFound } from '../errors';
import { CONFLICT } from '../openapi/conflicts';
import { requirePrincipal } from '../routeTable';
import { sendStored } from './matterDownloads';
import { metadataOf } from './userMetadata';
import { serverTimestamp } from '../../../calendar';

// SPEC §7 matters/{matterId}/files: files the agent attaches to a pet policy (PDF, PNG, JPEG, plain text, at
// most 10 MB, the content checked against its declared type), listed and downloaded as attachments.
const access = anyOf('quote_policy');
// The same id rule as the policy routes, so a bad matter id gets one message everywhere.
const MatterParams = z.object({ matterId: MatterIdParams.shape.matterId });

type FileRow = NonNullable<Awaited<ReturnType<typeof findFile>>>;
const fileOut = (f: FileRow): MatterFile => ({
  id: f.id,
  name: f.name,
  contentType: f.content_type,
  size: f.size,
  uploadedAt: serverTimestamp(f.uploaded_at),
  uploadedBy: f.user_id === null ? null : { id: f.user_id, name: f.user_name ?? '' },
});

const fileError = (message: string) => new ValidationFailed({ file: [message] });

// Reads the one `file` part. A part over the limit is cut off by the parser, so it is never held whole.
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw fileError('Send the file as multipart/form-data in the field "file".');
  let part;
  try {
    part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
  } catch {
    throw fileError('The upload could not be read; send one file in the field "file".');
  }
  if (!part || part.fieldname !== 'file') throw fileError('Choose a file to upload.');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileError('The file must be at most 10 MB.');
    throw fileError('The upload could not be read; send one file in the field "file".');
  }
  return { name: part.filename, declaredType: part.mimetype, bytes };
}

export function matterFileRoutes(app: FastifyInstance, options: { db: Db }): void {
  const { db } = options;
  // Multipart parsing only for these routes: an encapsulated scope of its own.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/v2/matters/:matterId/files',
      { config: { access }, schema: { params: MatterParams, response: { 200: MatterFilesResponse } } },
      async (request) => {
        const matter = await requireMatter(db, requirePrincipal(request), request.params.matterId);
        return { data: (await listFiles(db, matter.policyNumber)).map(fileOut) };
      },
    );

    r.post(
      '/v2/matters/:matterId/files',
      {
        // An attached file is an event on the policy's log.
        config: { access, conflicts: [CONFLICT.concurrentWrite] },
        schema: { params: MatterParams, response: { 201: MatterFileResponse } },
      },
      async (request, reply) => {
        const principal = requirePrincipal(request);
        const matter = await requireMatter(db, principal, request.params.matterId);
        const upload = await readUpload(request);
        const id = await attachFile(db, metadataOf(request, principal), matter.policyNumber, upload);
        const stored = await findFile(db, matter.policyNumber, id);
        return reply.code(201).send({ data: fileOut(stored!) });
      },
    );

    // A file, not JSON: no 200 schema.
    r.get(
      '/v2/matters/:matterId/files/:fileId',
      { config: { access }, schema: { params: MatterParams.extend({ fileId: uuidParam('fileId') }) } },
      async (request, reply) => {
        const matter = await requireMatter(db, requirePrincipal(request), request.params.matterId);
        const file = await findFile(db, matter.policyNumber, request.params.fileId);
        if (!file) throw notFound('file');
        return sendStored(db, reply, file);
      },
    );
  });
}
