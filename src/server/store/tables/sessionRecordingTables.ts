import type { ColumnType, JSONColumnType } from 'kysely';

// Support recordings of portal sessions (migration 051, docs/session-recording.md): plain tables, not events.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SessionRecordingsTable {
  id: string;
  user_id: number;
  entity_id: number;
  started_at: Timestamp;
  last_event_at: Timestamp;
  event_count: ColumnType<number, number | undefined, number>;
  // bigint comes back as text from the driver.
  size_bytes: ColumnType<string, number | undefined, number | string>;
}

export interface SessionRecordingChunksTable {
  recording_id: string;
  sequence: number;
  events: JSONColumnType<unknown[]>;
  received_at: Timestamp;
}

export interface SessionRecordingTables {
  session_recordings: SessionRecordingsTable;
  session_recording_chunks: SessionRecordingChunksTable;
}
