import { apiRequest } from '../api/client';
import { tokenStore } from '../api/tokens';
import { RECORDING_OPTIONS } from '../ui/recordingPrivacy';

// The portal's support recording of a signed-in session (docs/session-recording.md): rrweb's record, loaded
// only once a user is signed in (the login page never loads it), sends its events in batches every few
// seconds and when the page is hidden. One recording per sign-in; stop() ends it.
const FLUSH_EVERY_MS = 5_000;
// What one batch carries at most (the server refuses more, docs/session-recording.md).
const MAX_EVENTS_PER_BATCH = 500;
const MAX_BATCH_CHARS = 700 * 1024;

type RecordedEvent = { type: number; timestamp: number } & Record<string, unknown>;

export interface SessionRecorder {
  stop(): void;
}

// Starts recording, or nothing when the server says no or the recorder cannot load.
export async function startSessionRecorder(): Promise<SessionRecorder | null> {
  const [{ record }, started] = await Promise.all([
    import('rrweb'),
    apiRequest('/v2/session-recordings', { method: 'POST' }),
  ]);
  const id = (started as { data?: { id?: unknown } }).data?.id;
  if (typeof id !== 'string') return null;
  const path = `/v2/session-recordings/${encodeURIComponent(id)}/events`;
  let queue: RecordedEvent[] = [];
  let sequence = 0;
  let stopped = false;
  // A batch the server refused as too large ends this recording: it would refuse the rest the same way.
  let refused = false;

  const send = (events: RecordedEvent[], keepalive: boolean) => {
    const token = tokenStore.access();
    if (!token || refused) return;
    sequence += 1;
    // fetch with keepalive outlives the page when it is hidden or closed; the access token as every call.
    void fetch(path, {
      method: 'POST',
      keepalive,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ sequence, events }),
    })
      .then((response) => {
        if (response.status === 413 || response.status === 404) refused = true;
      })
      .catch(() => undefined);
  };

  // Batches of at most MAX_EVENTS_PER_BATCH events and about MAX_BATCH_CHARS of JSON; keepalive bodies are
  // limited to 64 KiB by browsers, so a page hide sends small batches and leaves the rest to the next flush.
  const flush = (keepalive = false) => {
    const limit = keepalive ? 60 * 1024 : MAX_BATCH_CHARS;
    while (queue.length > 0) {
      const batch: RecordedEvent[] = [];
      let chars = 0;
      while (queue.length > 0 && batch.length < MAX_EVENTS_PER_BATCH) {
        const size = JSON.stringify(queue[0]).length;
        if (batch.length > 0 && chars + size > limit) break;
        batch.push(queue.shift()!);
        chars += size;
      }
      if (keepalive && chars > limit) {
        // One event too large for a keepalive body waits for the next ordinary flush.
        queue.unshift(...batch);
        return;
      }
      send(batch, keepalive);
    }
  };

  const stopRecording = record<RecordedEvent>({
    ...RECORDING_OPTIONS,
    emit(event) {
      if (!stopped) queue.push(event);
    },
  });
  const timer = window.setInterval(() => flush(), FLUSH_EVERY_MS);
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush(true);
  };
  const onPageHide = () => flush(true);
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onPageHide);

  return {
    stop() {
      if (stopped) return;
      stopRecording?.();
      flush(true);
      stopped = true;
      queue = [];
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
    },
  };
}
