import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '../../../api/access';
import {
  JobRetryResponse,
  JobsOverviewResponse,
  JobsPage,
  JobsQuery,
  MoveClockBody,
  MoveClockResponse,
  type JobRun,
} from '../../../api/schemas/jobs';
import { integerParam } from '../../../api/schemas/params';
import { MAX_CLOCK_MOVE_DAYS, type Jobs } from '../../jobs/jobs';
import type { Db } from '../../store/db';
import type { DailyWorkRunsTable } from '../../store/schema';
import { HttpError, notFound } from '../errors';
import { fetchPage } from '../../store/paging';
import { serverTimestamp } from '../../../calendar';

// The jobs screen's API (docs/jobs.md): the daily work of every business day, a Retry of a failed piece, the
// business clock and mail delivery, and a sandbox's clock moved forward. Background work is the whole
// business's, not an agency's: root administrators only (anyOf() with no privilege passes root alone).
export const rootOnly = anyOf();

type RunRow = Pick<DailyWorkRunsTable, 'name' | 'title' | 'business_date' | 'status' | 'error'> & {
  id: number;
  attempts: number;
  summary: Record<string, unknown> | null;
  started_at: Date | null;
  finished_at: Date | null;
};

const COLUMNS = [
  'id',
  'name',
  'title',
  'business_date',
  'status',
  'summary',
  'error',
  'attempts',
  'started_at',
  'finished_at',
] as const;

function runOut(row: RunRow): JobRun {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    business_date: row.business_date,
    status: row.status,
    summary: (row.summary as Record<string, number> | null) ?? null,
    error: row.error,
    attempts: row.attempts,
    started_at: row.started_at ? serverTimestamp(row.started_at) : null,
    finished_at: row.finished_at ? serverTimestamp(row.finished_at) : null,
  };
}

export function jobRoutes(app: FastifyInstance, options: { db: Db; jobs: Jobs | undefined }): void {
  const { db, jobs } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/jobs',
    { config: { access: rootOnly }, schema: { querystring: JobsQuery, response: { 200: JobsPage } } },
    async (request) => {
      const { page, limit, sort, order, filter } = request.query;
      let query = db.selectFrom('daily_work_runs').select(COLUMNS);
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.piece) query = query.where('name', '=', filter.piece);
      if (filter.date) query = query.where('business_date', '=', filter.date);
      query = query.orderBy(sort, order);
      // Within a day, the order the day ran its pieces in.
      if (sort !== 'name') query = query.orderBy('position', order);
      query = query.orderBy('id', order);
      const { rows, meta } = await fetchPage(query, page, limit);
      return { data: rows.map(runOut), meta };
    },
  );

  r.get(
    '/v2/jobs/overview',
    { config: { access: rootOnly }, schema: { response: { 200: JobsOverviewResponse } } },
    async () => {
      if (!jobs) throw notFound('job runner');
      const status = await jobs.status();
      return {
        data: {
          runner: status.runner,
          business_date: status.businessDate,
          sandbox: status.sandbox,
          mail: status.mail,
        },
      };
    },
  );

  r.post(
    '/v2/jobs/:id/retry',
    {
      config: { access: rootOnly },
      schema: { params: z.strictObject({ id: integerParam('id') }), response: { 200: JobRetryResponse } },
    },
    async (request) => {
      const { id } = request.params;
      const row = await db
        .selectFrom('daily_work_runs')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound('job');
      if (row.status !== 'failed') throw new HttpError(422, 'Only a failed job can be retried.');
      if (!jobs) throw notFound('job runner');
      await jobs.retry(id);
      const after = await db
        .selectFrom('daily_work_runs')
        .select(COLUMNS)
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { data: runOut(after) };
    },
  );

  r.post(
    '/v2/jobs/clock',
    {
      config: { access: rootOnly, conflicts: [CLOCK_MOVING, CLOCK_PAST] },
      schema: { body: MoveClockBody, response: { 200: MoveClockResponse } },
    },
    async (request) => {
      // Production's clock is the real one; only a sandbox's is moved.
      if (!jobs?.businessClock.movable) throw new HttpError(403, 'The clock is moved only in a sandbox.');
      const { to, days } = request.body;
      // The body names one of the two (MoveClockBody).
      const outcome = await jobs.moveClock(to === undefined ? { days: days ?? 0 } : { to });
      if (!outcome.moved) {
        if (outcome.reason === 'busy') {
          const where = outcome.movingTo ? `, to ${outcome.movingTo},` : '';
          throw new HttpError(
            409,
            `Another move of the clock${where} is under way. Wait for it to end, then look at the business date before moving again.`,
          );
        }
        if (outcome.reason === 'past') {
          throw new HttpError(
            409,
            `The business date is already ${outcome.businessDate}: the clock only moves forward.`,
          );
        }
        throw new HttpError(
          422,
          `The clock moves at most ${MAX_CLOCK_MOVE_DAYS} days past today's business date (${outcome.businessDate}).`,
        );
      }
      return {
        data: {
          business_date: outcome.businessDate,
          worked: outcome.worked.map((w) => ({
            name: w.name,
            business_date: w.businessDate,
            status: w.status,
          })),
        },
      };
    },
  );
}

// When a move of the sandbox clock answers 409 (the API reference lists them).
const CLOCK_MOVING =
  'Another move of the sandbox clock, sent to this process or another, is under way: moves are not added together. Wait for it to end and read the business date before moving again.';
const CLOCK_PAST = 'The date named is before the business date: the clock only moves forward.';
