// A row of headline figures above a report's table: label, value and an optional line under it.
export interface Figure {
  label: string;
  value: string;
  note?: string;
}

export function FigureTiles({ figures, label }: { figures: readonly Figure[]; label: string }) {
  return (
    <dl aria-label={label} className="mb-5 grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {figures.map((f) => (
        <div key={f.label} className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{f.label}</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums text-slate-900">{f.value}</dd>
          {f.note && <dd className="text-xs text-slate-500">{f.note}</dd>}
        </div>
      ))}
    </dl>
  );
}
