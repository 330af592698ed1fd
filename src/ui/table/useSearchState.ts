import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_LIMIT, DEFAULT_PAGE, type PageRequest, type SortOrder } from '../../api/schemas/paging';
import { MAX_VIEW_COLUMNS, type TableViewState } from '../../api/schemas/tableViews';

// A search screen's page, sort, filters and visible columns, kept in the URL so a search can be bookmarked,
// shared and reloaded (DESIGN.md "The portal"). Filters use their own names as query keys:
// ?entityName=nor&page=2; the columns shown, in order, are ?cols=a,b,c (absent: the table's default), and
// ?view=12 names the saved view last applied.
export interface SearchState<F extends string> {
  page: number;
  limit: number;
  sort: string;
  order: SortOrder;
  filter: Partial<Record<F, string>>;
  // Visible column ids in order, or null for the table's default columns.
  columns: readonly string[] | null;
  // The saved view last applied, if any.
  viewId: number | null;
  // The API request for this state (empty filters dropped).
  request: PageRequest<Record<F, string>>;
  setPage(page: number): void;
  setLimit(limit: number): void;
  // Sorting by the current field flips the order; another field starts ascending.
  toggleSort(field: string): void;
  // New filters start again at page 1.
  setFilter(filter: Partial<Record<F, string>>): void;
  // Clears filters, page and sort; the chosen columns and view stay.
  reset(): void;
  // null goes back to the table's default columns.
  setColumns(columns: readonly string[] | null): void;
  // Shows a saved view: its columns, sort, page size and filters replace the current ones.
  applyView(id: number, state: TableViewState): void;
  // What a saved view of this search holds.
  viewState: TableViewState;
  // Whether the search shows exactly what the view holds (defaults filled in).
  shows(state: TableViewState): boolean;
}

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

// "a,b,c" → ['a', 'b', 'c'], each once; the table ignores ids it does not know.
const columnList = (value: string | null): string[] | null => {
  const ids = [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  return ids.length ? ids.slice(0, MAX_VIEW_COLUMNS) : null;
};

// Pass `filterKeys` as a module-level constant: it is a memo dependency.
export function useSearchState<F extends string>(
  filterKeys: readonly F[],
  defaults: { sort: string; order: SortOrder; limit?: number },
): SearchState<F> {
  const [params, setParams] = useSearchParams();
  const defaultLimit = defaults.limit ?? DEFAULT_LIMIT;
  const { sort: defaultSort, order: defaultOrder } = defaults;

  const state = useMemo(() => {
    const filter: Partial<Record<F, string>> = {};
    for (const key of filterKeys) {
      const value = params.get(key);
      if (value) filter[key] = value;
    }
    const order = params.get('order');
    return {
      page: positive(params.get('page'), DEFAULT_PAGE),
      limit: positive(params.get('limit'), defaultLimit),
      sort: params.get('sort') || defaultSort,
      order: order === 'asc' || order === 'desc' ? order : defaultOrder,
      filter,
      columns: columnList(params.get('cols')),
      viewId: positive(params.get('view'), 0) || null,
    };
  }, [params, filterKeys, defaultSort, defaultOrder, defaultLimit]);

  const update = useCallback(
    (patch: Record<string, string | number | null>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      }),
    [setParams],
  );

  const viewState: TableViewState = {
    ...(state.columns && { columns: [...state.columns] }),
    sort: state.sort,
    order: state.order,
    limit: state.limit,
    filter: Object.fromEntries(Object.entries(state.filter).filter(([, v]) => v)) as Record<string, string>,
  };

  return {
    ...state,
    request: {
      page: state.page,
      limit: state.limit,
      sort: state.sort,
      order: state.order,
      filter: state.filter,
    },
    viewState,
    setPage: (page) => update({ page: page === DEFAULT_PAGE ? null : page }),
    setLimit: (limit) => update({ limit: limit === defaultLimit ? null : limit, page: null }),
    toggleSort: (field) => {
      const order: SortOrder = field === state.sort && state.order === 'asc' ? 'desc' : 'asc';
      update({ sort: field, order, page: null });
    },
    setFilter: (filter) => {
      const patch: Record<string, string | null> = { page: null };
      for (const key of filterKeys) patch[key] = filter[key]?.trim() || null;
      update(patch);
    },
    reset: () =>
      setParams((current) => {
        const next = new URLSearchParams();
        for (const key of ['cols', 'view']) {
          const value = current.get(key);
          if (value) next.set(key, value);
        }
        return next;
      }),
    setColumns: (columns) => update({ cols: columns?.length ? columns.join(',') : null }),
    applyView: (id, view) => {
      const patch: Record<string, string | number | null> = {
        page: null,
        view: id,
        cols: view.columns?.length ? view.columns.join(',') : null,
        sort: view.sort && view.sort !== defaultSort ? view.sort : null,
        order: view.order && view.order !== defaultOrder ? view.order : null,
        limit: view.limit && view.limit !== defaultLimit ? view.limit : null,
      };
      for (const key of filterKeys) patch[key] = view.filter[key] ?? null;
      update(patch);
    },
    shows: (view) =>
      (view.columns ?? []).join(',') === (state.columns ?? []).join(',') &&
      (view.sort ?? defaultSort) === state.sort &&
      (view.order ?? defaultOrder) === state.order &&
      (view.limit ?? defaultLimit) === state.limit &&
      filterKeys.every((key) => (view.filter[key] ?? '') === (state.filter[key] ?? '')),
  };
}
