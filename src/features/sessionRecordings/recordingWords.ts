import type { SessionRecording } from '../../api/schemas/sessionRecordings';

// How long a recording lasts, from its start to its last event, as a person reads it ("4 min 12 s").
export function recordingLength(recording: Pick<SessionRecording, 'started_at' | 'last_event_at'>): string {
  const seconds = Math.max(
    0,
    Math.round((Date.parse(recording.last_event_at) - Date.parse(recording.started_at)) / 1000),
  );
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min ${rest} s`;
  return `${rest} s`;
}
