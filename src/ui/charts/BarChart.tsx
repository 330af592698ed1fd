import { useId } from 'react';

// A grouped bar chart in plain SVG (no chart library): one group per category, one bar per series, with a
// zero line so negative values (a month of returned premium) hang below it. Every bar carries a <title> for
// the pointer and the figure is described by a table-like aria label, so the numbers stay readable without
// the picture.

export interface ChartSeries {
  name: string;
  // A Tailwind fill class, e.g. 'fill-indigo-500'.
  fillClass: string;
  // The legend's swatch, e.g. 'bg-indigo-500'.
  swatchClass: string;
}

export interface ChartGroup {
  label: string;
  values: readonly number[];
}

export interface BarChartProps {
  title: string;
  series: readonly ChartSeries[];
  groups: readonly ChartGroup[];
  format: (value: number) => string;
  height?: number;
}

const WIDTH = 640;
const AXIS = 56;
const LABELS = 22;

// A "nice" top for the axis: 1, 2, 2.5 or 5 times a power of ten at or above the largest value.
export function niceCeiling(value: number): number {
  if (value <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

// The least distance (in the chart's units) between two labelled lines of the value axis.
const MIN_TICK_GAP = 14;

export function BarChart({ title, series, groups, format, height = 220 }: BarChartProps) {
  const id = useId();
  const values = groups.flatMap((g) => g.values);
  const top = niceCeiling(Math.max(0, ...values));
  const bottom = -niceCeiling(Math.max(0, ...values.map((v) => -v)));
  const span = top - bottom || 1;
  const plotHeight = height - LABELS - 8;
  const y = (value: number) => 4 + ((top - value) / span) * plotHeight;
  const groupWidth = (WIDTH - AXIS) / Math.max(groups.length, 1);
  const barWidth = Math.max(2, (groupWidth * 0.8) / Math.max(series.length, 1));
  // Label every nth group so labels never overlap.
  const labelEvery = Math.max(1, Math.ceil(groups.length / 12));
  const description = groups
    .map((g) => `${g.label}: ${g.values.map((v, i) => `${series[i]?.name} ${format(v)}`).join(', ')}`)
    .join('; ');

  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4">
      <figcaption id={`${id}-title`} className="text-sm font-medium text-slate-800">
        {title}
      </figcaption>
      {series.length > 1 && (
        <ul className="mt-1 flex flex-wrap gap-4 text-xs text-slate-600">
          {series.map((s) => (
            <li key={s.name} className="flex items-center gap-1.5">
              <span className={`inline-block h-2.5 w-2.5 rounded-sm ${s.swatchClass}`} aria-hidden="true" />
              {s.name}
            </li>
          ))}
        </ul>
      )}
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        className="mt-2 h-auto w-full"
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
      >
        <desc id={`${id}-desc`}>{description || 'No figures in this period.'}</desc>
        {[...new Set(bottom < 0 ? [top, 0, bottom] : [top, top / 2, 0])]
          // A small negative part puts its line right under zero: its label would print over zero's.
          .filter((tick) => tick >= 0 || y(tick) - y(0) >= MIN_TICK_GAP)
          .map((tick) => (
            <g key={tick}>
              <line x1={AXIS} x2={WIDTH} y1={y(tick)} y2={y(tick)} className="stroke-slate-100" />
              <text x={AXIS - 6} y={y(tick) + 4} textAnchor="end" className="fill-slate-500 text-[11px]">
                {format(tick)}
              </text>
            </g>
          ))}
        <line x1={AXIS} x2={WIDTH} y1={y(0)} y2={y(0)} className="stroke-slate-300" />
        {groups.map((group, g) => {
          const x0 = AXIS + g * groupWidth + groupWidth * 0.1;
          return (
            <g key={group.label}>
              {group.values.map((value, s) => {
                const from = y(Math.max(value, 0));
                const to = y(Math.min(value, 0));
                return (
                  <rect
                    key={series[s]?.name ?? s}
                    x={x0 + s * barWidth}
                    y={from}
                    width={barWidth - 1}
                    height={Math.max(to - from, value === 0 ? 0 : 1)}
                    className={series[s]?.fillClass ?? 'fill-slate-400'}
                  >
                    <title>{`${group.label} · ${series[s]?.name ?? ''}: ${format(value)}`}</title>
                  </rect>
                );
              })}
              {g % labelEvery === 0 && (
                <text
                  x={x0 + (barWidth * group.values.length) / 2}
                  y={height - 6}
                  textAnchor="middle"
                  className="fill-slate-500 text-[11px]"
                >
                  {group.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
