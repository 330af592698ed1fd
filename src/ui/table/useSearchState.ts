import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_LIMIT, DEFAULT_PAGE, type PageRequest, type SortOrder } from '../../api/schemas/paging';

// A search screen's page, sort and filters, kept in the URL so a search can be bookmarked, shared and
// reloaded (DESIGN.md "The portal"). Filters use their own names as query keys: ?entityName=nor&page=2.
export interface SearchState<F extends string> {
  page: number;
  limit: number;
  sort: string;
  order: SortOrder;
  filter: Partial<Record<F, string>>;
  // The API request for this state (empty filters dropped).
  request: PageRequest<Record<F, string>>;
  setPage(page: number): void;
  setLimit(limit: number): void;
  // Sorting by the current field flips the order; another field starts ascending.
  toggleSort(field: string): void;
  // New filters start again at page 1.
  setFilter(filter: Partial<Record<F, string>>): void;
  reset(): void;
}

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
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

  return {
    ...state,
    request: {
      page: state.page,
      limit: state.limit,
      sort: state.sort,
      order: state.order,
      filter: state.filter,
    },
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
    reset: () => setParams(new URLSearchParams()),
  };
}
