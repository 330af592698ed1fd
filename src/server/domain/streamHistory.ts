import type { HistoryEntry } from '../../api/schemas/history';
import type { Db } from '../store/db';
import { streamEventRows } from '../store/eventHistory';
import { actorOf, actorsFor, type ActorViewer } from './actorNames';
import { serverTimestamp } from '../../calendar';

const SECRET_KEY = /password|hash|token|secret/i;

function redact(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !SECRET_KEY.test(key)));
}

// Everyone may be named to staff; without a viewer a history names every actor, as it did before actors
// were masked, so callers not yet passing one keep their answers.
const STAFF: ActorViewer = { staff: true, entityPath: '' };

// The events of one stream, oldest first, with the acting user as `viewer` may see them (an agency user is
// not told who of the house or of another agency acted). Callers check access and scope.
export async function streamHistory(
  db: Db,
  streamType: string,
  streamId: string,
  viewer: ActorViewer = STAFF,
): Promise<HistoryEntry[]> {
  const rows = await streamEventRows(db, streamType, streamId);
  const actors = await actorsFor(
    db,
    rows.map((row) => row.actor_id),
    viewer,
  );
  return rows.map((row) => ({
    version: row.version,
    type: row.type,
    recordedAt: serverTimestamp(row.recorded_at),
    actor: actorOf(actors, row.actor_id),
    changes: redact(row.data),
  }));
}
