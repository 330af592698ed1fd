import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import {
  RecordingEventsResponse,
  SessionRecordingsPage,
  type RecordingEventsResponse as RecordingEvents,
  type SessionRecordingsPage as RecordingsPage,
} from '../schemas/sessionRecordings';

// The session recordings screens' calls (docs/session-recording.md): root administrators list recordings
// and load one's events to replay. Keys start with 'session-recordings'.
export const SESSION_RECORDINGS_KEY = ['session-recordings'] as const;
export const RECORDINGS_PAGE_SIZE = 20;

export const sessionRecordingsQuery = (filter: { page: number; user?: string }) =>
  queryOptions({
    queryKey: [...SESSION_RECORDINGS_KEY, 'list', filter],
    queryFn: async ({ signal }): Promise<RecordingsPage> =>
      SessionRecordingsPage.parse(
        await apiRequest('/v2/session-recordings', {
          query: {
            page: filter.page,
            limit: RECORDINGS_PAGE_SIZE,
            ...(filter.user ? { filter: { user: filter.user } } : {}),
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const recordingEventsQuery = (recordingId: string) =>
  queryOptions({
    queryKey: [...SESSION_RECORDINGS_KEY, 'events', recordingId],
    queryFn: async ({ signal }): Promise<RecordingEvents['data']> =>
      RecordingEventsResponse.parse(
        await apiRequest(`/v2/session-recordings/${encodeURIComponent(recordingId)}/events`, { signal }),
      ).data,
    // A recording is read once to replay; it grows only while its session lasts.
    staleTime: 60_000,
  });
