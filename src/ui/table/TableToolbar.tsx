import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { TableKey } from '../../api/schemas/tableViews';
import { ColumnChooser } from './ColumnChooser';
import { choosableColumns } from './columnChoice';
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

// Above a search table: its saved views and the column chooser, both working through the URL.
export function TableToolbar<T>({ table, search, columns }: TableToolbarProps<T>) {
  const choosable = useMemo(() => choosableColumns(columns), [columns]);
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
      <SavedViews
        table={table}
        viewId={search.viewId}
        current={search.viewState}
        shows={search.shows}
        onApply={(view) => search.applyView(view.id, view.state)}
      />
      <ColumnChooser columns={choosable} chosen={search.columns} onChange={search.setColumns} />
    </div>
  );
}
