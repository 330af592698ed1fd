import { useEffect, useRef, useState } from 'react';
import 'rrweb/dist/style.css';
import { Alert } from '../../ui/feedback/Alert';
import { Button } from '../../ui/forms/Button';

type ReplayEvent = Record<string, unknown>;

// rrweb's Replayer in a box of the screen. The replay's iframe runs no script (rrweb sandboxes it) and loads
// the portal's stylesheets from the server by link, so it needs nothing the content security policy forbids.
export function RecordingReplay({ events }: { events: readonly ReplayEvent[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [replayer, setReplayer] = useState<{ play(): void; pause(): void } | null>(null);

  useEffect(() => {
    const root = box.current;
    if (!root) return;
    let destroyed = false;
    let made: { destroy(): void } | null = null;
    import('rrweb')
      .then(({ Replayer }) => {
        if (destroyed) return;
        // rrweb's own type of its events; these came from rrweb's record and were stored as sent.
        const replay = new Replayer(events as unknown as ConstructorParameters<typeof Replayer>[0], {
          root,
          mouseTail: false,
          skipInactive: true,
        });
        made = replay;
        replay.play();
        setReplayer(replay);
      })
      .catch((error: unknown) => setFailed(error instanceof Error ? error.message : String(error)));
    return () => {
      destroyed = true;
      made?.destroy();
      root.replaceChildren();
    };
  }, [events]);

  return (
    <div className="space-y-3">
      {failed && <Alert tone="error">The recording could not be replayed: {failed}</Alert>}
      <div className="flex gap-2">
        <Button variant="secondary" disabled={!replayer} onClick={() => replayer?.play()}>
          Play from the start
        </Button>
        <Button variant="secondary" disabled={!replayer} onClick={() => replayer?.pause()}>
          Pause
        </Button>
      </div>
      <div
        ref={box}
        data-testid="recording-replay"
        aria-label="Replay of the recorded session"
        className="recording-replay relative overflow-auto rounded-lg border border-slate-200 bg-slate-50"
      />
    </div>
  );
}
