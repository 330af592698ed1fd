import { formatCode } from '../../../ui/format';

const TONES: Readonly<Record<string, string>> = {
  ACTIVE: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  ISSUED: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  PENDING: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  CANCELLED: 'bg-red-50 text-red-700 ring-red-600/20',
};

// `label` replaces the code's words where the date matters: "Cancels on Mar 1, 2027" for a cancellation
// still waiting for its date, shown in the pending tone.
export function PolicyStatusBadge({ status, label }: { status: string; label?: string | null }) {
  const tone = TONES[label ? 'PENDING' : status] ?? 'bg-slate-100 text-slate-700 ring-slate-500/20';
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}>
      {label ?? formatCode(status)}
    </span>
  );
}
