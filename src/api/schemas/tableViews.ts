import { z } from 'zod';
import { MAX_LIMIT } from './paging';

// Saved views of the search tables (/v2/my/table-views): a user's named set of visible columns, sort, page
// size and filters for one table, kept on the server and shareable with roles (docs/decisions/011).

// The search tables that offer saved views; a view belongs to exactly one.
export const TABLE_KEYS = [
  'policies',
  'quotes',
  'renters-policies',
  'entities',
  'my-entities',
  'roles',
  'users',
  'commission-review',
  'commission-payments',
  'statement-report',
  'bank-accounts',
] as const;
export const TableKey = z.enum(TABLE_KEYS);
export type TableKey = z.infer<typeof TableKey>;

// Bounds that keep one view small: a table has a dozen columns and filters at most.
export const MAX_VIEW_COLUMNS = 40;
export const MAX_VIEW_FILTERS = 30;
export const MAX_FILTER_VALUE = 200;
export const MAX_VIEW_NAME = 80;
export const MAX_SHARED_ROLES = 50;
// Saved views per user and table; more would be a list nobody can choose from.
export const MAX_VIEWS_PER_TABLE = 50;

// Column ids, sort fields and filter keys are code names (policyNumber, date_from, entity_code).
const identifier = z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, {
  error: 'Use a name of letters, digits, _ . or - (at most 64, starting with a letter).',
});

const distinct = (values: readonly unknown[]) => new Set(values).size === values.length;

// What a view sets; anything left out keeps the table's default (all columns, the default sort and page size).
export const TableViewState = z.strictObject({
  // Visible columns in their order.
  columns: z
    .array(identifier)
    .min(1, { error: 'Keep at least one column.' })
    .max(MAX_VIEW_COLUMNS, { error: `A view may list at most ${MAX_VIEW_COLUMNS} columns.` })
    .refine(distinct, { error: 'Each column may be listed once.' })
    .optional(),
  sort: identifier.optional(),
  order: z.enum(['asc', 'desc']).optional(),
  limit: z.number().int().min(1).max(MAX_LIMIT).optional(),
  filter: z
    .record(identifier, z.string().max(MAX_FILTER_VALUE))
    .refine((filter) => Object.keys(filter).length <= MAX_VIEW_FILTERS, {
      error: `A view may hold at most ${MAX_VIEW_FILTERS} filters.`,
    })
    .default({}),
});
export type TableViewState = z.infer<typeof TableViewState>;

const viewName = z
  .string()
  .trim()
  .min(1, { error: 'Name the view.' })
  .max(MAX_VIEW_NAME, { error: `The name may not be greater than ${MAX_VIEW_NAME} characters.` });

const roleIds = z
  .array(z.number().int().min(1).max(2_147_483_647))
  .max(MAX_SHARED_ROLES, { error: `A view may be shared with at most ${MAX_SHARED_ROLES} roles.` })
  .refine(distinct, { error: 'Each role may be listed once.' });

export const TableViewListQuery = z.strictObject({ table: TableKey });

export const TableViewCreateRequest = z.strictObject({
  table: TableKey,
  name: viewName,
  state: TableViewState,
  shared_role_ids: roleIds.default([]),
});
export type TableViewCreateRequest = z.input<typeof TableViewCreateRequest>;

// Only what is sent changes; the state is replaced whole.
export const TableViewUpdateRequest = z
  .strictObject({
    name: viewName.optional(),
    state: TableViewState.optional(),
    shared_role_ids: roleIds.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'Send the name, state or roles to change.' });
export type TableViewUpdateRequest = z.input<typeof TableViewUpdateRequest>;

export const RoleRef = z.object({ id: z.number().int(), name: z.string() });
export type RoleRef = z.infer<typeof RoleRef>;

export const TableView = z.object({
  id: z.number().int(),
  table: TableKey,
  name: z.string(),
  state: TableViewState,
  // The caller's own view (editable), or one shared with a role the caller holds.
  mine: z.boolean(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  // Live roles the view is shared with; only the owner sees them.
  shared_roles: z.array(RoleRef),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TableView = z.infer<typeof TableView>;

export const TableViewResponse = z.object({ data: TableView });

// The caller's views of one table (own first, then shared, each by name), and the roles the caller may
// share a view with.
export const TableViewListResponse = z.object({
  data: z.array(TableView),
  shareable_roles: z.array(RoleRef),
});
export type TableViewListResponse = z.infer<typeof TableViewListResponse>;
