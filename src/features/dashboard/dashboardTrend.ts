// How a figure moved against the period before (the KPI cards' ↑/↓). `better` says which way is good news:
// more premium is better, more cancellations worse; some figures are neither.
export type Better = 'up' | 'down' | 'neither';

export interface Trend {
  direction: 'up' | 'down' | 'flat';
  // "↑ 12.5%", "↓ 3 pts", "No change", "↑ new" (from nothing).
  label: string;
  tone: 'good' | 'bad' | 'neutral';
}

const one = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

function toneOf(direction: Trend['direction'], better: Better): Trend['tone'] {
  if (direction === 'flat' || better === 'neither') return 'neutral';
  return direction === better ? 'good' : 'bad';
}

// The change in percent of the previous value (of its size, so a net premium that was negative still
// reads the right way); from zero there is no percentage, only "new".
export function trendOf(current: number, previous: number, better: Better): Trend {
  const direction = current > previous ? 'up' : current < previous ? 'down' : 'flat';
  const arrow = direction === 'up' ? '↑' : '↓';
  const tone = toneOf(direction, better);
  if (direction === 'flat') return { direction, label: 'No change', tone };
  if (previous === 0) return { direction, label: `${arrow} new`, tone };
  const percent = (Math.abs(current - previous) / Math.abs(previous)) * 100;
  return { direction, label: `${arrow} ${one.format(percent)}%`, tone };
}

// A rate's change in percentage points; no trend when either period has no rate.
export function pointsTrendOf(current: number | null, previous: number | null, better: Better): Trend | null {
  if (current === null || previous === null) return null;
  const direction = current > previous ? 'up' : current < previous ? 'down' : 'flat';
  const tone = toneOf(direction, better);
  if (direction === 'flat') return { direction, label: 'No change', tone };
  const arrow = direction === 'up' ? '↑' : '↓';
  return { direction, label: `${arrow} ${one.format(Math.abs(current - previous))} pts`, tone };
}
