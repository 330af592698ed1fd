import { businessDate, type Clock } from '../../../calendar';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardAccess } from '../../../api/access';
import {
  DashboardStatisticsQuery,
  DashboardStatisticsResponse,
  type Compared,
  type DashboardStatistics,
} from '../../../api/schemas/dashboard';
import { entityScope } from '../../access/principal';
import {
  daysIn,
  MAX_PERIOD_DAYS,
  requestedPeriod,
  type DayPeriod,
} from '../../domain/reports/dashboardPeriods';
import {
  dashboardStatistics,
  type DashboardStatistics as Figures,
} from '../../domain/reports/dashboardStatistics';
import { dollars } from '../../domain/rating/wireAmounts';
import type { Db } from '../../store/db';
import { ValidationFailed } from '../errors';
import { requirePrincipal } from '../routeTable';

// GET /v2/dashboard/statistics (SPEC §2 "Dashboard", §6, §7; docs/reports.md "Dashboard"): the figures of a
// period against a comparison period (the one asked for, else the same length just before), over the
// caller's scope: every entity for staff, their own entity's hierarchy for an agency's users.

// zod checks each date alone; the pair is checked here so the message lands on the field that is wrong.
function checkPeriod(period: DayPeriod): void {
  if (period.fromDate > period.toDate)
    throw new ValidationFailed({ toDate: ['The end date must not be before the start date.'] });
  if (daysIn(period) > MAX_PERIOD_DAYS)
    throw new ValidationFailed({
      toDate: [`The period may span at most ${MAX_PERIOD_DAYS} days; choose a shorter one.`],
    });
}

// The comparison period asked for (compareFromDate and compareToDate, both or neither), checked against the
// period; undefined when none is asked for.
function requestedComparison(query: DashboardStatisticsQuery, period: DayPeriod): DayPeriod | undefined {
  const { compareFromDate: fromDate, compareToDate: toDate } = query;
  if (fromDate === undefined && toDate === undefined) return undefined;
  if (fromDate === undefined)
    throw new ValidationFailed({
      compareFromDate: ['The comparison start date is required with a comparison end date.'],
    });
  if (toDate === undefined)
    throw new ValidationFailed({
      compareToDate: ['The comparison end date is required with a comparison start date.'],
    });
  const comparison = { fromDate, toDate };
  if (fromDate > toDate)
    throw new ValidationFailed({
      compareToDate: ['The comparison end date must not be before the comparison start date.'],
    });
  if (toDate >= period.fromDate)
    throw new ValidationFailed({
      compareToDate: ['The comparison period must end before the period starts.'],
    });
  if (daysIn(comparison) > MAX_PERIOD_DAYS)
    throw new ValidationFailed({
      compareToDate: [
        `The comparison period may span at most ${MAX_PERIOD_DAYS} days; choose a shorter one.`,
      ],
    });
  return comparison;
}

const money = (figure: Compared): Compared => ({
  current: dollars(figure.current),
  previous: dollars(figure.previous),
});

// Converted per hundred started, to one decimal.
const rate = (converted: number, started: number) =>
  started === 0 ? null : Math.round((converted / started) * 1000) / 10;

export function toWire(figures: Figures): DashboardStatistics {
  const { quotesStarted: started, quotesConverted: converted } = figures;
  return {
    period: figures.period,
    previousPeriod: figures.previousPeriod,
    bucket: figures.bucket,
    scope: figures.scope,
    figures: {
      quotesStarted: started,
      quotesStartedByLine: figures.quotesStartedByLine,
      quotesConverted: converted,
      quotesConvertedByLine: figures.quotesConvertedByLine,
      conversionRate: {
        current: rate(converted.current, started.current),
        previous: rate(converted.previous, started.previous),
      },
      policiesWritten: figures.policiesWritten,
      writtenPremium: money(figures.writtenPremiumCents),
      cancellations: figures.cancellations,
      commissionEarned: money(figures.commissionEarnedCents),
      commissionPending: money(figures.commissionPendingCents),
    },
    series: figures.series.map(({ writtenPremiumCents, ...bucket }) => ({
      ...bucket,
      writtenPremium: dollars(writtenPremiumCents),
    })),
  };
}

export function dashboardRoutes(app: FastifyInstance, options: { db: Db; clock: Clock }): void {
  const { db } = options;
  // The business day of each request (docs/conventions.md "One business clock").
  const today = () => businessDate(options.clock.now());
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/dashboard/statistics',
    {
      config: { access: dashboardAccess },
      schema: { querystring: DashboardStatisticsQuery, response: { 200: DashboardStatisticsResponse } },
    },
    async (request) => {
      const period = requestedPeriod(request.query.fromDate, request.query.toDate, today());
      checkPeriod(period);
      const comparison = requestedComparison(request.query, period);
      const scope = entityScope(requirePrincipal(request));
      return { data: toWire(await dashboardStatistics(db, period, scope, comparison)) };
    },
  );
}
