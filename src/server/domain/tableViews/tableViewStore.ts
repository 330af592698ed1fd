import { sql } from 'kysely';
import type { RoleRef, TableKey, TableView, TableViewState } from '../../../api/schemas/tableViews';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { serverTimestamp } from '../../../calendar';

// Reads and writes of saved table views (docs/decisions/011). Visibility lives in the SQL: a caller sees
// their own views, and the views of a live owner shared with a live role the caller holds, provided the
// caller is inside the owner's reach (issue 21): a house user's views go to house users only, an agency
// user's to users of the owner's entity and the entities beneath it. Listing, changing and deleting all read
// through selectVisible, so no route reaches a view the list would not show.
type Reader = Db | Trx;

// Who is asking, as sharing sees them.
export interface ViewCaller {
  userId: number;
  staff: boolean;
  entityPath: string;
}

interface ViewRow {
  id: number;
  table_key: string;
  name: string;
  state: TableViewState;
  owner_user_id: number;
  owner_name: string;
  shared_roles: RoleRef[] | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string) => serverTimestamp(value);

function toView(row: ViewRow, callerId: number): TableView {
  const mine = row.owner_user_id === callerId;
  return {
    id: row.id,
    table: row.table_key as TableKey,
    name: row.name,
    state: row.state,
    mine,
    owner: { id: row.owner_user_id, name: row.owner_name },
    // Whom a view goes to is the owner's business.
    shared_roles: mine ? (row.shared_roles ?? []) : [],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

// The live roles a user holds, as a subquery.
const rolesOf = (userId: number) => sql`array(
  select ur.role_id from user_roles ur join roles r on r.id = ur.role_id
   where ur.user_id = ${userId} and not r.is_deleted)`;

async function selectVisible(db: Reader, caller: ViewCaller, where: ReturnType<typeof sql>) {
  const callerId = caller.userId;
  // The owner's reach: house users (any type but external) share among the house; an agency user within
  // their own entity's subtree.
  const reached = caller.staff
    ? sql`u.user_type <> 'external'`
    : sql`u.user_type = 'external' and ${caller.entityPath} like oe.path || '%'`;
  const { rows } = await sql<ViewRow>`
    select v.id, v.table_key, v.name, v.state, v.owner_user_id, v.created_at, v.updated_at,
           u.first_name || ' ' || u.last_name as owner_name,
           (select json_agg(json_build_object('id', r.id, 'name', r.role_name) order by r.role_name, r.id)
              from roles r where r.id = any(v.shared_role_ids) and not r.is_deleted) as shared_roles
      from table_views v
      join users u on u.id = v.owner_user_id and not u.is_deleted
      join entities oe on oe.id = u.entity_id
     where ${where}
       and (v.owner_user_id = ${callerId} or (v.shared_role_ids && ${rolesOf(callerId)} and ${reached}))
     order by (v.owner_user_id = ${callerId}) desc, lower(v.name), v.id`.execute(db);
  return rows.map((row) => toView(row, callerId));
}

export const listTableViews = (db: Reader, caller: ViewCaller, table: TableKey) =>
  selectVisible(db, caller, sql`v.table_key = ${table}`);

// A view the caller may see (own or shared with them), or null.
export async function findTableView(db: Reader, caller: ViewCaller, id: number): Promise<TableView | null> {
  return (await selectVisible(db, caller, sql`v.id = ${id}`))[0] ?? null;
}

// The roles a view may be shared with: a staff role administrator every live house role (agencies' roles
// are held only by agency users, who never see a house user's views) and their own; everyone else their own.
export async function shareableRoles(db: Reader, callerId: number, houseRoles: boolean): Promise<RoleRef[]> {
  const { rows } = await sql<RoleRef>`
    select r.id, r.role_name as name from roles r
     where not r.is_deleted
       and ((${houseRoles} and r.owner_entity_id is null) or r.id = any(${rolesOf(callerId)}))
     order by r.role_name, r.id`.execute(db);
  return rows;
}

export async function countOwnViews(trx: Trx, ownerId: number, table: TableKey): Promise<number> {
  const row = await trx
    .selectFrom('table_views')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('owner_user_id', '=', ownerId)
    .where('table_key', '=', table)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Views of one owner are created one at a time, so two at once cannot both pass the per-table limit.
const OWNER_LOCK = 2_001;
export async function lockOwnerViews(trx: Trx, ownerId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${OWNER_LOCK}, ${ownerId})`.execute(trx);
}

export interface NewTableView {
  ownerId: number;
  table: TableKey;
  name: string;
  state: TableViewState;
  sharedRoleIds: readonly number[];
}

export async function insertTableView(trx: Trx, view: NewTableView): Promise<number> {
  const row = await trx
    .insertInto('table_views')
    .values({
      owner_user_id: view.ownerId,
      table_key: view.table,
      name: view.name,
      state: JSON.stringify(view.state),
      shared_role_ids: [...view.sharedRoleIds],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface TableViewChanges {
  name?: string;
  state?: TableViewState;
  sharedRoleIds?: readonly number[];
}

export async function updateTableView(trx: Trx, id: number, changes: TableViewChanges): Promise<void> {
  await trx
    .updateTable('table_views')
    .set({
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.state !== undefined && { state: JSON.stringify(changes.state) }),
      ...(changes.sharedRoleIds !== undefined && { shared_role_ids: [...changes.sharedRoleIds] }),
      // eslint-disable-next-line no-restricted-syntax -- when a saved view was edited: bookkeeping, not business
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteTableView(db: Reader, id: number): Promise<void> {
  await db.deleteFrom('table_views').where('id', '=', id).execute();
}

// Of the given role ids, those of live roles.
export async function liveRoleIds(db: Reader, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('roles')
    .select('id')
    .where('id', 'in', [...ids])
    .where('is_deleted', '=', false)
    .execute();
  return new Set(rows.map((r) => r.id));
}
