import { z } from 'zod';
import { pageOf, searchQuery } from './paging';

// Support recordings of portal sessions (docs/session-recording.md). Not in SPEC: snake_case like the other
// administration wires (jobs). The portal sends rrweb events in batches; root administrators replay them.

// The most events one batch may carry, and the most bytes of them (as JSON): the portal sends every few
// seconds and on page hide, so a batch over these is a client gone wrong, not a busy page.
export const MAX_EVENTS_PER_BATCH = 500;
export const MAX_BATCH_BYTES = 768 * 1024;
// The most one recording may hold; past it the portal stops sending for that recording.
export const MAX_RECORDING_BYTES = 20 * 1024 * 1024;
// The most batches one recording may take.
export const MAX_SEQUENCE = 100_000;

// The latest instant a Date can hold, in milliseconds.
const MAX_EVENT_TIME = 8_640_000_000_000_000;

// An rrweb event: its type and time are read here; the rest is rrweb's and replayed as it came.
export const RecordedEvent = z.looseObject({
  type: z.number().int().min(0).max(100),
  // Epoch milliseconds in the browser's clock, past any integer column's range (docs/security.md "every
  // number is bounded"): checked here by hand, within the range of a Date, and stored only inside the JSON.
  timestamp: z
    .unknown()
    .refine(
      (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_EVENT_TIME,
      { error: 'timestamp must be a time in milliseconds' },
    )
    .meta({ type: 'number', minimum: 0, maximum: MAX_EVENT_TIME, description: 'Epoch milliseconds.' }),
});
export type RecordedEvent = z.infer<typeof RecordedEvent>;

export const RecordingStarted = z.object({ data: z.object({ id: z.uuid() }) });
export type RecordingStarted = z.infer<typeof RecordingStarted>;

export const AppendEventsBody = z.strictObject({
  // The batch's number in its recording, from 1: a batch sent again (a retried keepalive) is stored once.
  sequence: z.number().int().min(1).max(MAX_SEQUENCE),
  events: z
    .array(RecordedEvent)
    .min(1, { error: 'A batch holds at least one event.' })
    .max(MAX_EVENTS_PER_BATCH, { error: `A batch holds at most ${MAX_EVENTS_PER_BATCH} events.` }),
});
export type AppendEventsBody = z.infer<typeof AppendEventsBody>;

export const EventsAppended = z.object({
  data: z.object({ id: z.uuid(), event_count: z.number().int(), size_bytes: z.number().int() }),
});

export const SessionRecording = z.object({
  id: z.uuid(),
  user_id: z.number().int(),
  user_name: z.string(),
  user_email: z.string().nullable(),
  entity_id: z.number().int(),
  entity_code: z.string().nullable(),
  entity_name: z.string().nullable(),
  started_at: z.string(),
  last_event_at: z.string(),
  event_count: z.number().int(),
  size_bytes: z.number().int(),
});
export type SessionRecording = z.infer<typeof SessionRecording>;

export const SessionRecordingsQuery = searchQuery(
  {
    user_id: z.coerce.number().int().min(1).max(2_147_483_647),
    // Part of the user's name or e-mail.
    user: z.string().trim().min(1).max(100),
  },
  ['started_at', 'last_event_at', 'size_bytes'],
  { sort: 'started_at', order: 'desc' },
);
export type SessionRecordingsQuery = z.infer<typeof SessionRecordingsQuery>;

export const SessionRecordingsPage = pageOf(SessionRecording);
export type SessionRecordingsPage = z.infer<typeof SessionRecordingsPage>;

export const RecordingEventsResponse = z.object({
  data: z.object({
    recording: SessionRecording,
    // The batches in the order they were sent; replay takes their events one after another.
    chunks: z.array(
      z.object({ sequence: z.number().int(), events: z.array(z.record(z.string(), z.unknown())) }),
    ),
  }),
});
export type RecordingEventsResponse = z.infer<typeof RecordingEventsResponse>;
