import type { Actor } from '../../api/schemas/roles';
import type { Db } from '../store/db';
import type { Trx } from '../store/eventStore';

// Who did something, as a viewer may be told (issue 21): staff and agency users see the names of the
// actors inside their own reach; an agency user sees a house user as the house (the brand's name) and a user
// of another agency as "Another agency", with no id, name or e-mail. Histories and the "created by",
// "changed by", "assigned by" of roles and users all name their actors through here.
type Reader = Db | Trx;

export interface ActorViewer {
  staff: boolean;
  entityPath: string;
}

export const ANOTHER_AGENCY = 'Another agency';
const HOUSE_FALLBACK = 'The house';

interface ActorRow {
  id: number;
  first_name: string;
  last_name: string;
  user_type: string;
  path: string;
}

async function houseName(db: Reader): Promise<string> {
  const brand = await db.selectFrom('brands').select('data').where('code', '=', 'default').executeTakeFirst();
  const name = (brand?.data as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && name ? name : HOUSE_FALLBACK;
}

// The actors of the given user ids as the viewer may see them; ids of no user are left out.
export async function actorsFor(
  db: Reader,
  ids: Iterable<number | null | undefined>,
  viewer: ActorViewer,
): Promise<Map<number, Actor>> {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  const actors = new Map<number, Actor>();
  if (wanted.length === 0) return actors;
  const rows: ActorRow[] = await db
    .selectFrom('users as u')
    .innerJoin('entities as e', 'e.id', 'u.entity_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.user_type', 'e.path'])
    .where('u.id', 'in', wanted)
    .execute();
  const house = rows.some((row) => !viewer.staff && row.user_type !== 'external') ? await houseName(db) : '';
  for (const row of rows) {
    if (viewer.staff || row.path.startsWith(viewer.entityPath)) {
      actors.set(row.id, { id: row.id, name: `${row.first_name} ${row.last_name}` });
    } else {
      actors.set(row.id, { id: null, name: row.user_type === 'external' ? ANOTHER_AGENCY : house });
    }
  }
  return actors;
}

export const actorOf = (actors: Map<number, Actor>, id: number | null | undefined): Actor | null =>
  (typeof id === 'number' && actors.get(id)) || null;
