import { useQueries, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Link } from 'react-router-dom';

export interface MatterSwitcherProps<T, K extends QueryKey> {
  // The navigation's accessible name ("The customer's policies").
  label: string;
  matterId: number;
  customerMatterIds: readonly number[];
  // A policy's record, fetched to name its link; until it loads the link says "Matter {id}".
  query(matterId: number): UseQueryOptions<T, Error, T, K>;
  nameOf(record: T): string;
  linkTo(matterId: number): string;
  className?: string;
}

// The customer's other policies, each a link named by its record once loaded (pet: one matter per pet;
// renters: one per policy).
export function MatterSwitcher<T, K extends QueryKey>({
  label,
  matterId,
  customerMatterIds,
  query,
  nameOf,
  linkTo,
  className = '',
}: MatterSwitcherProps<T, K>) {
  const ids = customerMatterIds.includes(matterId) ? customerMatterIds : [matterId, ...customerMatterIds];
  const records = useQueries({ queries: ids.map((id) => ({ ...query(id), retry: false })) });
  if (ids.length < 2) return null;
  return (
    <nav aria-label={label} className={`${className} flex flex-wrap items-center gap-2 text-sm`.trim()}>
      <span className="text-slate-500">Customer's policies:</span>
      {ids.map((id, index) => {
        const record = records[index]?.data;
        const current = id === matterId;
        return (
          <Link
            key={id}
            to={linkTo(id)}
            aria-current={current ? 'page' : undefined}
            className={`rounded-full px-3 py-1 font-medium ring-1 ring-inset ${
              current
                ? 'bg-indigo-600 text-white ring-indigo-600'
                : 'bg-white text-indigo-700 ring-slate-300 hover:bg-indigo-50'
            }`}
          >
            {record === undefined ? `Matter ${id}` : nameOf(record)}
          </Link>
        );
      })}
    </nav>
  );
}
