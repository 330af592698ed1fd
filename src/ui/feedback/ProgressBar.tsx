import { useSyncExternalStore } from 'react';
import { inflight } from '../../api/inflight';

export interface ProgressBarProps {
  // Work the request counter cannot see, such as a route change waiting for its loader.
  busy?: boolean;
}

// The thin bar at the top of the page while any request is in flight (SPEC §7).
export function ProgressBar({ busy = false }: ProgressBarProps) {
  const requests = useSyncExternalStore(inflight.subscribe, inflight.getSnapshot, inflight.getSnapshot);
  const active = busy || requests > 0;
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!active}
      data-active={active}
      className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden transition-opacity duration-300 ${active ? 'opacity-100' : 'opacity-0'}`}
    >
      <div className="h-full w-1/3 animate-progress bg-indigo-500" />
    </div>
  );
}
