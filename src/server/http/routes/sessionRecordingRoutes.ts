import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf, authenticated } from '../../../api/access';
import { uuidParam } from '../../../api/schemas/params';
import {
  AppendEventsBody,
  EventsAppended,
  RecordingEventsResponse,
  RecordingStarted,
  SessionRecordingsPage,
  SessionRecordingsQuery,
} from '../../../api/schemas/sessionRecordings';
import { appendEvents, startRecording } from '../../domain/sessionRecordings/recordingWrites';
import { listRecordings, recordingEvents } from '../../domain/sessionRecordings/recordingReads';
import { TooLarge } from '../../domain/sessionRecordings/tooLarge';
import { ValidationErrorBody } from '../../../api/schemas/errors';
import type { Db } from '../../store/db';
import { HttpError } from '../errors';
import { requirePrincipal } from '../routeTable';

// Support recording of portal sessions (docs/session-recording.md). Every signed-in user's portal sends its
// own session; root administrators of the root entity replay them with session_recording_view.
export const replayRecordings = anyOf('session_recording_view');

const RecordingParams = z.object({ recordingId: uuidParam('recordingId') });

export function sessionRecordingRoutes(app: FastifyInstance, options: { db: Db; enabled: boolean }): void {
  const { db, enabled } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A server that does not record says so, and stores nothing (SESSION_RECORDING=off, the tests' default).
  const requireEnabled = () => {
    if (!enabled) throw new HttpError(404, 'Session recording is off on this server.');
  };

  r.post(
    '/v2/session-recordings',
    { config: { access: authenticated }, schema: { response: { 201: RecordingStarted } } },
    async (request, reply) => {
      requireEnabled();
      const id = await startRecording(db, requirePrincipal(request), request.businessAt);
      return reply.code(201).send({ data: { id } });
    },
  );

  r.post(
    '/v2/session-recordings/:recordingId/events',
    {
      config: { access: authenticated },
      schema: {
        params: RecordingParams,
        body: AppendEventsBody,
        response: { 200: EventsAppended, 413: ValidationErrorBody, 422: ValidationErrorBody },
      },
    },
    async (request, reply) => {
      requireEnabled();
      try {
        const appended = await appendEvents(
          db,
          requirePrincipal(request),
          request.params.recordingId,
          request.body,
          request.businessAt,
        );
        return {
          data: { id: appended.id, event_count: appended.eventCount, size_bytes: appended.sizeBytes },
        };
      } catch (error) {
        if (error instanceof TooLarge)
          return reply.code(413).send({ message: error.message, errors: error.fields });
        throw error;
      }
    },
  );

  r.get(
    '/v2/session-recordings',
    {
      config: { access: replayRecordings },
      schema: { querystring: SessionRecordingsQuery, response: { 200: SessionRecordingsPage } },
    },
    async (request) => listRecordings(db, requirePrincipal(request), request.query),
  );

  r.get(
    '/v2/session-recordings/:recordingId/events',
    {
      config: { access: replayRecordings },
      schema: { params: RecordingParams, response: { 200: RecordingEventsResponse } },
    },
    async (request) => ({
      data: await recordingEvents(db, requirePrincipal(request), request.params.recordingId),
    }),
  );
}
