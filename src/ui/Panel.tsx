import type { ReactNode } from 'react';

export interface PanelProps {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}

// A white card with a heading, for the policy's summary cards and tab sections.
export function Panel({ title, actions, children }: PanelProps) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

export interface FactsProps {
  facts: readonly (readonly [label: string, value: ReactNode])[];
}

// Label and value pairs of a record.
export function Facts({ facts }: FactsProps) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
      {facts.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
