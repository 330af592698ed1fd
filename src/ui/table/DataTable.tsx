import { getCoreRowModel, useReactTable, type ColumnDef, type Row } from '@tanstack/react-table';
import { useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PageMeta, SortOrder } from '../../api/schemas/paging';
import { choosableColumns, visibleColumnIds } from './columnChoice';
import { renderTemplate } from './renderTemplate';
import { Pagination } from './Pagination';
import { SkeletonRows } from './SkeletonRows';
import { useOverflows } from './useOverflows';
import { VirtualRows } from './VirtualRows';

// Up to this many rows render whole. A longer table (a page of 100, a statement's lines) scrolls in a box of
// its own with the header kept on top, and renders only the rows in sight.
export const VIRTUAL_AFTER = 50;

export interface DataTableProps<T> {
  // Column ids are the server's sort fields; a column sorts only with `enableSorting: true`. Cell and header
  // functions are render functions, called rather than mounted (see renderTemplate): no hooks in them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types differ per column
  columns: ColumnDef<T, any>[];
  rows: readonly T[];
  meta?: PageMeta | undefined;
  caption: string;
  sort?: string;
  order?: SortOrder;
  onSort?(field: string): void;
  onPage?(page: number): void;
  loading?: boolean;
  // Shown when the search has no rows: say what to do next.
  empty?: ReactNode;
  // The columns to show, in order (the URL's ?cols=, see ColumnChooser); null or absent shows them all.
  shownColumns?: readonly string[] | null;
  // A line above the header, inside the table's frame (the select-all banner).
  banner?: ReactNode;
  // Makes the first cell of each row a link to the record.
  rowHref?(row: T): string;
  rowKey(row: T): string | number;
}

// Server-side paged and sorted table (DESIGN.md "Tables"): the page, sort and filters live in the URL and
// the server does the work; this renders one page.
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, meta, caption, sort, order, onSort, onPage, loading, empty, rowHref, rowKey } =
    props;
  const { shownColumns = null, banner } = props;
  // Hidden columns stay in the order after the shown ones, so tanstack knows every column's place.
  const layout = useMemo(() => {
    const all = choosableColumns(columns);
    const shown = visibleColumnIds(all, shownColumns);
    return {
      columnOrder: [...shown, ...all.map((c) => c.id).filter((id) => !shown.includes(id))],
      columnVisibility: Object.fromEntries(all.map((c) => [c.id, shown.includes(c.id)])),
    };
  }, [columns, shownColumns]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the portal is not built with the React Compiler
  const table = useReactTable({
    data: rows as T[],
    columns,
    state: layout,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    getRowId: (row) => String(rowKey(row)),
  });
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRows = table.getRowModel().rows;
  const long = bodyRows.length > VIRTUAL_AFTER;
  const scrolls = useOverflows(scrollRef) || long;
  const columnCount = table.getVisibleLeafColumns().length;

  const bodyRow = (row: Row<T>, index?: number, measure?: (element: HTMLTableRowElement | null) => void) => (
    <tr
      key={row.id}
      ref={measure}
      data-index={index}
      aria-rowindex={index === undefined ? undefined : index + 2}
      className="hover:bg-slate-50"
    >
      {row.getVisibleCells().map((cell, cellIndex) => {
        const content = renderTemplate(cell.column.columnDef.cell, cell.getContext());
        return (
          <td key={cell.id} className="whitespace-nowrap px-4 py-3 text-slate-700">
            {cellIndex === 0 && rowHref ? (
              <Link to={rowHref(row.original)} className="font-medium text-indigo-700 hover:underline">
                {content}
              </Link>
            ) : (
              content
            )}
          </td>
        );
      })}
    </tr>
  );

  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      {banner}
      {/* A box that scrolls (a long table, or a wide one on a tablet) is focusable, so the keyboard can scroll
          it as well as Tab through its rows. */}
      <div
        ref={scrollRef}
        className={long ? 'max-h-[70vh] overflow-auto [overflow-anchor:none]' : 'overflow-x-auto'}
        {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
      >
        <table
          className="min-w-full divide-y divide-slate-200 text-sm"
          aria-busy={loading || undefined}
          aria-rowcount={long ? bodyRows.length + 1 : undefined}
        >
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 z-10 bg-slate-50 shadow-[0_1px_0_0_var(--color-slate-200)]">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={long ? 1 : undefined}>
                {group.headers.map((header) => {
                  const sortable = header.column.columnDef.enableSorting === true && onSort;
                  const active = sort === header.column.id;
                  const label = renderTemplate(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={active ? (order === 'desc' ? 'descending' : 'ascending') : undefined}
                      className="whitespace-nowrap px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600"
                    >
                      {sortable ? (
                        <button
                          type="button"
                          onClick={() => onSort(header.column.id)}
                          className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                        >
                          {label}
                          <span aria-hidden="true" className={active ? 'text-indigo-600' : 'text-slate-300'}>
                            {active && order === 'desc' ? '▼' : '▲'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className={`divide-y divide-slate-100 ${loading && rows.length > 0 ? 'opacity-60' : ''}`}>
            {long ? (
              <VirtualRows
                count={bodyRows.length}
                scrollRef={scrollRef}
                colSpan={columnCount}
                resetKey={meta?.page.number}
                row={(index, measure) => bodyRow(bodyRows[index]!, index, measure)}
              />
            ) : (
              bodyRows.map((row) => bodyRow(row))
            )}
            {rows.length === 0 && !loading && (
              <tr>
                <td colSpan={columnCount} className="px-4 py-10 text-center text-slate-500">
                  {empty ?? 'Nothing matches this search.'}
                </td>
              </tr>
            )}
            {rows.length === 0 && loading && (
              <SkeletonRows columns={columnCount} rows={Math.min(meta?.page.limit ?? 5, 10)} />
            )}
          </tbody>
        </table>
      </div>
      {meta && onPage && (
        <div className="border-t border-slate-200 px-3">
          <Pagination meta={meta} onPage={onPage} />
        </div>
      )}
    </div>
  );
}
