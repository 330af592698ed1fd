import { cancelsOn, endsOn } from '../../../ui/policy/policyDateLabels';
import type { RentersPolicyRecord } from '../../../api/schemas/rentersPolicyRecord';

// The record's flags (SPEC §3), computed by the server from the event history, as small badges.
const FLAGS = [
  ['isCurrent', 'Current term', 'bg-emerald-50 text-emerald-700 ring-emerald-600/20'],
  ['sentToCarrier', 'Sent to carrier', 'bg-sky-50 text-sky-700 ring-sky-600/20'],
  ['hasUnconfirmedAddress', 'Unconfirmed address', 'bg-amber-50 text-amber-800 ring-amber-600/20'],
  ['hasPendingRenewalPayment', 'Renewal payment pending', 'bg-amber-50 text-amber-800 ring-amber-600/20'],
] as const;

export function RentersFlagBadges({ record }: { record: RentersPolicyRecord }) {
  const shown = FLAGS.filter(([flag]) => record[flag]);
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Policy flags" className="flex flex-wrap gap-2">
      {shown.map(([flag, label, tone]) => (
        <li key={flag} className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}>
          {label}
        </li>
      ))}
    </ul>
  );
}

// SPEC §4: CANCELLED is the only status shown as a badge; an expired policy says so in words. A cancellation
// or a non-renewal still waiting for its date (`label`: "Cancels on …", "Ends on …") reads so, in the amber
// of something pending, though the status code is already CANCELLED.
export function RentersStatusBadge({ statusCode, label }: { statusCode: string; label?: string | null }) {
  if (label)
    return (
      <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-inset ring-amber-600/20">
        {label}
      </span>
    );
  if (statusCode === 'CANCELLED')
    return (
      <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700 ring-1 ring-inset ring-red-600/20">
        Cancelled
      </span>
    );
  if (statusCode === 'EXPIRED') return <span className="text-slate-700">Expired</span>;
  return null;
}

// The words for a renters policy whose end waits for a date, from its record's machine state.
export function rentersDateLabel(record: {
  machineState: string;
  cancellationDate: string | null;
  summary: { nonRenewEffectiveDate: string | null };
}): string | null {
  if (record.machineState === 'pendingCancellation' && record.cancellationDate)
    return cancelsOn(record.cancellationDate);
  if (record.machineState === 'nonRenewing' && record.summary.nonRenewEffectiveDate)
    return endsOn(record.summary.nonRenewEffectiveDate);
  return null;
}
