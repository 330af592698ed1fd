import { z } from 'zod';

// The dashboard's statistics (SPEC §2 "Dashboard", §7 GET /v2/dashboard/statistics; docs/reports.md
// "Dashboard"). Days are YYYY-MM-DD in UTC, both ends of a period inclusive; money is decimal dollars. Each
// figure comes with the same figure for a comparison period: the one asked for (compareFromDate and
// compareToDate, both or neither), or else the period of equal length just before.

const day = (what: string) => z.iso.date({ error: `The ${what} must be a date (YYYY-MM-DD).` });

// Without dates: the 30 days ending today. A period may hold at most 731 days (two years and a leap day),
// and so may the comparison period, which must end before the period starts.
export const DashboardStatisticsQuery = z.strictObject({
  fromDate: day('start date').optional(),
  toDate: day('end date').optional(),
  compareFromDate: day('comparison start date').optional(),
  compareToDate: day('comparison end date').optional(),
});
export type DashboardStatisticsQuery = z.infer<typeof DashboardStatisticsQuery>;

export const DASHBOARD_BUCKETS = ['day', 'month'] as const;
export type DashboardBucketSize = (typeof DASHBOARD_BUCKETS)[number];

const Period = z.object({ fromDate: z.string(), toDate: z.string() });
export type DashboardPeriod = z.infer<typeof Period>;

export const Compared = z.object({ current: z.number(), previous: z.number() });
export type Compared = z.infer<typeof Compared>;

const ByLine = z.object({ pet: Compared, renters: Compared });

export const DashboardFigures = z.object({
  quotesStarted: Compared,
  quotesStartedByLine: ByLine,
  quotesConverted: Compared,
  quotesConvertedByLine: ByLine,
  // Percent of the quotes started in the period that were bought in it, to one decimal; null with none started.
  conversionRate: z.object({ current: z.number().nullable(), previous: z.number().nullable() }),
  policiesWritten: Compared,
  // Dollars, net of returned premium.
  writtenPremium: Compared,
  cancellations: Compared,
  commissionEarned: Compared,
  commissionPending: Compared,
});
export type DashboardFigures = z.infer<typeof DashboardFigures>;
export type DashboardFigureKey = keyof DashboardFigures;

// One bucket of the charts: a day (YYYY-MM-DD) or a month (YYYY-MM).
export const DashboardBucket = z.object({
  bucket: z.string(),
  quotesStarted: z.number().int(),
  quotesConverted: z.number().int(),
  policiesWritten: z.number().int(),
  writtenPremium: z.number(),
  cancellations: z.number().int(),
});
export type DashboardBucket = z.infer<typeof DashboardBucket>;

export const DashboardStatistics = z.object({
  period: Period,
  // The comparison period the `previous` figures cover.
  previousPeriod: Period,
  bucket: z.enum(DASHBOARD_BUCKETS),
  // The entity whose hierarchy the figures cover; null for every entity.
  scope: z.object({ entityCode: z.string(), entityName: z.string() }).nullable(),
  figures: DashboardFigures,
  series: z.array(DashboardBucket),
});
export type DashboardStatistics = z.infer<typeof DashboardStatistics>;

export const DashboardStatisticsResponse = z.object({ data: DashboardStatistics });
