import { z } from 'zod';
import { isBusinessDate } from '../../calendar';
import { pageOf, searchQuery } from './paging';

// The jobs screen (docs/jobs.md): each piece of daily work per business day and how it went, the business
// clock, mail delivery, and in a sandbox the clock moved forward.
export const JOB_STATUSES = ['due', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

// A day of the calendar as YYYY-MM-DD: 2027-02-30 or 4413-83-47 are no day, and are refused here.
const businessDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date must be a date as YYYY-MM-DD' })
  .refine(isBusinessDate, { error: 'date must be a day of the calendar' });

export const JobRun = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  business_date: z.string(),
  status: z.enum(JOB_STATUSES),
  // What the piece did, counter by counter ({charged: 12, declined: 1}), once done.
  summary: z.record(z.string(), z.number()).nullable(),
  // Why it failed (or why its last try failed, while it waits to be tried again).
  error: z.string().nullable(),
  attempts: z.number().int(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type JobRun = z.infer<typeof JobRun>;

export const JobsQuery = searchQuery(
  {
    status: z.enum(JOB_STATUSES),
    piece: z.string().trim().min(1).max(100),
    date: businessDay,
  },
  ['business_date', 'name', 'status'],
  { sort: 'business_date', order: 'desc' },
);
export type JobsQuery = z.infer<typeof JobsQuery>;

export const JobsPage = pageOf(JobRun);
export type JobsPage = z.infer<typeof JobsPage>;

export const JobRetryResponse = z.object({ data: JobRun });

export const JobsOverview = z.object({
  // Whether this process runs background work (JOBS=off turns it off).
  runner: z.enum(['on', 'off']),
  business_date: z.string(),
  // A sandbox's clock can be moved forward; production's never (docs/operations.md "Production or sandbox").
  sandbox: z.boolean(),
  // SMTP_URL unset: mail stays in the outbox.
  mail: z.object({ configured: z.boolean(), unsent: z.number().int() }),
});
export type JobsOverview = z.infer<typeof JobsOverview>;
export const JobsOverviewResponse = z.object({ data: JobsOverview });

// A move names the business date it ends on (`to`); `days` from today's date is still taken. Either, not both.
export const MoveClockBody = z
  .strictObject({
    to: businessDay.optional(),
    days: z
      .number({ error: 'days must be a whole number of days' })
      .int({ error: 'days must be a whole number of days' })
      .min(1, { error: 'days must be at least 1' })
      .max(366, { error: 'days must be at most 366' })
      .optional(),
  })
  .refine((body) => (body.to === undefined) !== (body.days === undefined), {
    error: 'Name the date to move to (to), or a number of days (days), not both.',
    path: ['to'],
  });
export type MoveClockBody = z.infer<typeof MoveClockBody>;

export const MoveClockResponse = z.object({
  data: z.object({
    business_date: z.string(),
    // The pieces of daily work the skipped days ran, in order.
    worked: z.array(
      z.object({ name: z.string(), business_date: z.string(), status: z.enum(['done', 'failed']) }),
    ),
  }),
});
export type MoveClockResponse = z.infer<typeof MoveClockResponse>;
