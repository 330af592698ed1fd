import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { rentersPolicyRecordQuery } from '../../../api/calls/rentersPolicyRecord';

export interface RentersMatterSwitcherProps {
  customerId: number;
  matterId: number;
  matterIds: readonly number[];
}

// The customer's other renters policies, named by policy number once their records have loaded.
export function RentersMatterSwitcher({ customerId, matterId, matterIds }: RentersMatterSwitcherProps) {
  const ids = matterIds.includes(matterId) ? matterIds : [matterId, ...matterIds];
  const records = useQueries({
    queries: ids.map((id) => ({ ...rentersPolicyRecordQuery(customerId, id), retry: false })),
  });
  if (ids.length < 2) return null;
  return (
    <nav aria-label="The customer's renters policies" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-500">Customer's policies:</span>
      {ids.map((id, index) => {
        const current = id === matterId;
        const label = records[index]?.data?.summary.policyNumber ?? `Matter ${id}`;
        return (
          <Link
            key={id}
            to={`/renters/customers/${customerId}/policies/${id}`}
            aria-current={current ? 'page' : undefined}
            className={`rounded-full px-3 py-1 font-medium ring-1 ring-inset ${
              current
                ? 'bg-indigo-600 text-white ring-indigo-600'
                : 'bg-white text-indigo-700 ring-slate-300 hover:bg-indigo-50'
            }`}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
