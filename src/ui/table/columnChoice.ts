import type { ColumnDef } from '@tanstack/react-table';

// Which columns of a table show, and in what order: the user's choice (the URL's ?cols=) applied to the
// table's column definitions. The first column (the row's link or selection) is pinned: always shown and
// always first, so a row can still be opened or selected. A column defined with `enableHiding: false` (a
// row's actions) is locked: always shown, in the place the user gives it.
export interface ChoosableColumn {
  id: string;
  label: string;
  // Always shown.
  locked: boolean;
  // Always shown, and first.
  pinned: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types differ per column
type AnyColumn<T> = ColumnDef<T, any>;

export function columnIdOf<T>(column: AnyColumn<T>): string {
  if (column.id) return column.id;
  const key = (column as { accessorKey?: unknown }).accessorKey;
  return typeof key === 'string' ? key : '';
}

// A column without a text header is named by its id: "actions" → "Actions".
const readable = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

export function choosableColumns<T>(columns: readonly AnyColumn<T>[]): ChoosableColumn[] {
  return columns.map((column, index) => ({
    id: columnIdOf(column),
    label: typeof column.header === 'string' ? column.header : readable(columnIdOf(column)),
    locked: index === 0 || column.enableHiding === false,
    pinned: index === 0,
  }));
}

// The visible column ids in order: the pinned column, the chosen ones the table has, and any locked one the
// choice left out (at the end). No choice, or one naming nothing this table has, shows every column in its
// defined order.
export function visibleColumnIds(
  all: readonly ChoosableColumn[],
  chosen: readonly string[] | null,
): string[] {
  const known = new Set(all.map((c) => c.id));
  const picked = (chosen ?? []).filter((id) => known.has(id));
  if (picked.length === 0) return all.map((c) => c.id);
  const pinned = all.filter((c) => c.pinned).map((c) => c.id);
  const rest = picked.filter((id) => !pinned.includes(id));
  const missing = all.filter((c) => c.locked && !c.pinned && !rest.includes(c.id)).map((c) => c.id);
  return [...pinned, ...rest, ...missing];
}

// The value for ?cols=: null when it is the default (every column in its defined order).
export function columnChoice(all: readonly ChoosableColumn[], visible: readonly string[]): string[] | null {
  const isDefault = visible.length === all.length && visible.every((id, i) => id === all[i]!.id);
  return isDefault ? null : [...visible];
}
