import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { policyQuery } from '../../../api/calls/policies';

export interface MatterSwitcherProps {
  matterId: number;
  customerMatterIds: readonly number[];
}

// The customer's other policies (one matter per pet), named by pet once their views have loaded.
export function MatterSwitcher({ matterId, customerMatterIds }: MatterSwitcherProps) {
  const ids = customerMatterIds.includes(matterId) ? customerMatterIds : [matterId, ...customerMatterIds];
  const views = useQueries({ queries: ids.map((id) => ({ ...policyQuery(id), retry: false })) });
  if (ids.length < 2) return null;
  return (
    <nav aria-label="The customer's policies" className="mb-5 flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-500">Customer's policies:</span>
      {ids.map((id, index) => {
        const view = views[index]?.data;
        const current = id === matterId;
        const label = view ? `${view.pet.name} · ${view.summary.policyNumber}` : `Matter ${id}`;
        return (
          <Link
            key={id}
            to={`/policies/${id}`}
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
