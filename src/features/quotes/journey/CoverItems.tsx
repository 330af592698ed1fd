import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { coverItemsQuery } from '../../../api/calls/quoteActions';
import type { CoverageItem } from '../../../api/schemas/quoteActions';
import { errorMessage } from '../../../api/httpErrors';

export interface CoverItemsProps {
  planCode: string;
  state: string;
}

// What the plan covers (coverItemsFormatted), each item with its explanation on hover or focus.
export function CoverItems({ planCode, state }: CoverItemsProps) {
  const items = useQuery(coverItemsQuery(planCode, state));
  if (items.error) return <p className="text-sm text-red-700">{errorMessage(items.error)}</p>;
  if (!items.data) return <p className="text-sm text-slate-500">Loading what the plan covers…</p>;
  const shown = items.data.filter((i) => i.display).sort((a, b) => a.sort_order - b.sort_order);
  return (
    <ul aria-label="What the plan covers" className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      {shown.map((item) => (
        <CoverItemLine key={item.code} item={item} />
      ))}
    </ul>
  );
}

function CoverItemLine({ item }: { item: CoverageItem }) {
  const tipId = useId();
  return (
    <li className={item.available ? 'text-slate-800' : 'text-slate-500 line-through'}>
      <span aria-hidden="true" className={item.available ? 'text-emerald-600' : 'text-slate-400'}>
        {item.available ? '✓ ' : '✕ '}
      </span>
      {item.description}
      {!item.available && <span className="sr-only"> (not covered)</span>}
      {item.tooltip && (
        <span className="group relative ml-1 inline-block">
          <span
            tabIndex={0}
            role="button"
            aria-label={`About ${item.description}`}
            aria-describedby={tipId}
            className="inline-flex size-4 cursor-help items-center justify-center rounded-full bg-slate-200 text-[10px] font-bold text-slate-600 no-underline"
          >
            i
          </span>
          <span
            id={tipId}
            role="tooltip"
            className="invisible absolute bottom-full left-1/2 z-20 mb-1 w-64 -translate-x-1/2 rounded-md bg-slate-900 px-3 py-2 text-xs text-white shadow-lg group-focus-within:visible group-hover:visible"
          >
            {item.tooltip}
          </span>
        </span>
      )}
    </li>
  );
}
