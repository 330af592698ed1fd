import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { TableKey, TableViewState } from '../../api/schemas/tableViews';
import { ColumnChooser } from './ColumnChooser';
import { columnChoice, choosableColumns, visibleColumnIds } from './columnChoice';
import { SavedViews } from './SavedViews';
import type { SearchState } from './useSearchState';

export interface TableToolbarProps<T> {
  // Which table's saved views these are.
  table: TableKey;
  search: Pick<
    SearchState<string>,
    'columns' | 'viewId' | 'setColumns' | 'applyView' | 'viewState' | 'shows'
  >;
  // The table's column definitions (the same array DataTable gets).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types differ per column
  columns: readonly ColumnDef<T, any>[];
}

const sameColumns = (a: readonly string[] | null, b: readonly string[] | null) =>
  (a ?? []).join(',') === (b ?? []).join(',');

// Above a search table: its saved views and the column chooser, both working through the URL.
export function TableToolbar<T>({ table, search, columns }: TableToolbarProps<T>) {
  const choosable = useMemo(() => choosableColumns(columns), [columns]);
  // The columns as the table shows them: a view saves those, so ids an old link still names (a column
  // since removed) are left out and the columns that never hide are listed, as the server requires.
  const shown = (chosen: readonly string[] | null | undefined) =>
    columnChoice(choosable, visibleColumnIds(choosable, chosen ?? null));
  const chosen = shown(search.columns);
  const { columns: _asInUrl, ...rest } = search.viewState;
  const current: TableViewState = { ...rest, ...(chosen && { columns: chosen }) };
  // A view is shown when the rest matches and the table shows its columns, however the URL spells them.
  const shows = (state: TableViewState) =>
    search.shows({ ...state, columns: search.columns ? [...search.columns] : undefined }) &&
    sameColumns(shown(state.columns), chosen);
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
      <SavedViews
        table={table}
        viewId={search.viewId}
        current={current}
        shows={shows}
        onApply={(view) => search.applyView(view.id, view.state)}
      />
      <ColumnChooser columns={choosable} chosen={search.columns} onChange={search.setColumns} />
    </div>
  );
}
