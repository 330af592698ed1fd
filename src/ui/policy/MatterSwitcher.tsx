import { useQueries, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Link } from 'react-router-dom';

export interface MatterLinksProps {
  // The navigation's accessible name ("The customer's policies").
  label: string;
  matterId: number;
  // The customer's matters in order, each with its name where known (else "Matter {id}").
  matters: readonly { matterId: number; name?: string | undefined }[];
  linkTo(matterId: number): string;
  className?: string;
}

// The customer's policies as links, the one shown marked current (pet: one matter per pet; renters: one per
// policy). Nothing shows for a customer with one policy.
export function MatterLinks({ label, matterId, matters, linkTo, className = '' }: MatterLinksProps) {
  const all = matters.some((m) => m.matterId === matterId) ? matters : [{ matterId }, ...matters];
  if (all.length < 2) return null;
  return (
    <nav aria-label={label} className={`${className} flex flex-wrap items-center gap-2 text-sm`.trim()}>
      <span className="text-slate-500">Customer's policies:</span>
      {all.map(({ matterId: id, name }) => {
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
            {name ?? `Matter ${id}`}
          </Link>
        );
      })}
    </nav>
  );
}

export interface MatterSwitcherProps<T, K extends QueryKey> extends Omit<MatterLinksProps, 'matters'> {
  customerMatterIds: readonly number[];
  // A policy's record, fetched to name its link; until it loads the link says "Matter {id}".
  query(matterId: number): UseQueryOptions<T, Error, T, K>;
  nameOf(record: T): string;
}

// MatterLinks for a screen whose record names only the matter ids: each is fetched to name its link.
export function MatterSwitcher<T, K extends QueryKey>({
  customerMatterIds,
  query,
  nameOf,
  ...links
}: MatterSwitcherProps<T, K>) {
  const { matterId } = links;
  const ids = customerMatterIds.includes(matterId) ? customerMatterIds : [matterId, ...customerMatterIds];
  const records = useQueries({ queries: ids.map((id) => ({ ...query(id), retry: false })) });
  const matters = ids.map((id, index) => {
    const record = records[index]?.data;
    return { matterId: id, name: record === undefined ? undefined : nameOf(record) };
  });
  return <MatterLinks {...links} matters={matters} />;
}
