export interface StatusBadgeProps {
  status: string;
}

const TONES: Record<string, string> = {
  ACTIVE: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  INACTIVE: 'bg-slate-100 text-slate-600 ring-slate-300',
};

// An entity's status as a small pill.
export function StatusBadge({ status }: StatusBadgeProps) {
  const label = status.charAt(0) + status.slice(1).toLowerCase();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[status] ?? TONES.INACTIVE}`}
      data-status={status}
    >
      {label}
    </span>
  );
}
