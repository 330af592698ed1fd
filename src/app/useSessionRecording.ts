import { useEffect } from 'react';
import type { SessionRecorder } from './sessionRecorder';

// Records the signed-in session for support while `on` holds (docs/session-recording.md): the server says
// whether it records (the brand answer's sessionRecording), the session whether a user is signed in. Logout
// stops the recording; the next sign-in starts a new one. The recorder's module, and rrweb with it, is loaded
// only here, after sign-in.
export function useSessionRecording(on: boolean): void {
  useEffect(() => {
    if (!on) return;
    let recorder: SessionRecorder | null = null;
    let cancelled = false;
    void import('./sessionRecorder')
      .then(({ startSessionRecorder }) => startSessionRecorder())
      .then((started) => {
        if (cancelled) started?.stop();
        else recorder = started;
      })
      // Recording is support telemetry: a failure to start it never troubles the user.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      recorder?.stop();
    };
  }, [on]);
}
