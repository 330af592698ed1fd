import type { ReactNode } from 'react';
import type { DashboardBucket, DashboardBucketSize } from '../../api/schemas/dashboard';
import { BarChart, type ChartGroup, type ChartSeries } from '../../ui/charts/BarChart';
import { formatBusinessMonth, formatDayOfMonth } from '../../calendar';

export interface DashboardChartsProps {
  series: readonly DashboardBucket[];
  bucket: DashboardBucketSize;
  // A panel beside the last chart, so the grid stays even.
  children?: ReactNode;
}

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

// "Mar 4" for a day, "Mar ’26" for a month: short enough that a year of months fits under the bars.
function bucketLabel(bucket: string, size: DashboardBucketSize): string {
  if (size === 'day') return formatDayOfMonth(bucket);
  return formatBusinessMonth(bucket.slice(0, 7));
}

const PREMIUM: ChartSeries[] = [
  { name: 'Written premium', fillClass: 'fill-indigo-500', swatchClass: 'bg-indigo-500' },
];
const QUOTES: ChartSeries[] = [
  { name: 'Quotes started', fillClass: 'fill-sky-400', swatchClass: 'bg-sky-400' },
  { name: 'Quotes converted', fillClass: 'fill-emerald-500', swatchClass: 'bg-emerald-500' },
];
const POLICIES: ChartSeries[] = [
  { name: 'Policies written', fillClass: 'fill-indigo-500', swatchClass: 'bg-indigo-500' },
  { name: 'Cancellations', fillClass: 'fill-rose-400', swatchClass: 'bg-rose-400' },
];

// The period's figures per day or month: written premium, policies written against cancellations, and quotes
// started against converted. Every chart takes half the width, so their labels read at one size. `v + 0`
// turns the axis's -0 into 0.
export function DashboardCharts({ series, bucket, children }: DashboardChartsProps) {
  const groups = (values: (b: DashboardBucket) => number[]): ChartGroup[] =>
    series.map((b) => ({ label: bucketLabel(b.bucket, bucket), values: values(b) }));
  const per = bucket === 'day' ? 'per day' : 'per month';
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="dashboard-charts">
      <BarChart
        title={`Written premium ${per}`}
        series={PREMIUM}
        groups={groups((b) => [b.writtenPremium])}
        format={(v) => compactMoney.format(v + 0)}
      />
      <BarChart
        title={`Policies written and cancellations ${per}`}
        series={POLICIES}
        groups={groups((b) => [b.policiesWritten, b.cancellations])}
        format={(v) => count.format(v + 0)}
      />
      <BarChart
        title={`Quotes started and converted ${per}`}
        series={QUOTES}
        groups={groups((b) => [b.quotesStarted, b.quotesConverted])}
        format={(v) => count.format(v + 0)}
      />
      {children}
    </div>
  );
}
