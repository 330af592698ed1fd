import { z } from 'zod';
import { anyOf } from '../access';
import { MAX_DOLLARS, MAX_INT, moneyAmount, moneyFilter, recordVersion } from './numbers';
import { pageOf, searchQuery } from './paging';
import { Actor } from './roles';

// Commission statements (SPEC §3 "Commission", §4 statement review and payment, §7 "Commission";
// docs/commission.md "Statements"). The search rows speak camelCase as SPEC §3's "Statement row in lists"
// names them; a statement, its overrides and requests speak snake_case. Amounts are decimal dollars.

export const STATEMENT_ACCESS = {
  // The review screen, approving, and the overrides a reviewer adjusts (SPEC §6: also with entity admin).
  review: anyOf('ent_comm_review', 'admin_ent'),
  unapprove: anyOf('ent_comm_unapprove'),
  // The payments screen, marking paid or unpaid, the payment report.
  payments: anyOf('acct_comm_pmnt_list'),
  download: anyOf('ent_comm_download'),
  // Reading one statement: anyone who works with statements.
  read: anyOf(
    'ent_comm_review',
    'admin_ent',
    'ent_comm_unapprove',
    'acct_comm_pmnt_list',
    'ent_comm_download',
  ),
  // Computing a month's statements: entity administration (the house's back office).
  generate: anyOf('admin_ent'),
} as const;

export const REVIEW_STATUSES = ['Pending', 'Approved'] as const;
export const PAYMENT_STATUSES = ['Not Paid', 'Paid'] as const;
export const DOWNLOAD_STATUSES = ['downloaded', 'not_downloaded'] as const;
export const STATEMENT_STATES = ['pending', 'approved', 'paid'] as const;

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Use a month as YYYY-MM.' });
const day = z.iso.date({ error: 'Use a date as YYYY-MM-DD.' });
const dollars = (what: string) => moneyFilter({ what: `The ${what}`, min: -MAX_DOLLARS });

// SPEC §3 "Commission statement search". `date` is the latest statement month shown and `months` how many
// months up to it (default 1); without `date` every month matches.
export const STATEMENT_FILTERS = {
  date: month,
  months: z.coerce
    .number({ error: 'Months must be a whole number.' })
    .int({ error: 'Months must be a whole number.' })
    .min(1, { error: 'Months must be between 1 and 36.' })
    .max(36, { error: 'Months must be between 1 and 36.' }),
  entityCode: z.string().trim().toUpperCase().min(1).max(12),
  accountManager: z.coerce
    .number({ error: 'The account manager must be a number.' })
    .int({ error: 'The account manager must be a number.' })
    .min(1, { error: 'The account manager must be a user id.' })
    .max(MAX_INT, { error: 'The account manager must be a user id.' }),
  stateCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'Use a two-letter state code.' }),
  paymentStatus: z.enum(PAYMENT_STATUSES, { error: 'Use Paid or Not Paid.' }),
  reviewStatus: z.enum(REVIEW_STATUSES, { error: 'Use Pending or Approved.' }),
  payoutFrequency: z.string().trim().min(1).max(40),
  payoutMethod: z.string().trim().min(1).max(40),
  addedToAccounting: z
    .enum(['true', 'false'], { error: 'Use true or false.' })
    .transform((v) => v === 'true'),
  // On the payment total (amount plus overrides), both ends inclusive.
  minAmount: dollars('minimum amount'),
  maxAmount: dollars('maximum amount'),
  paidOn: day,
  downloadStatus: z.enum(DOWNLOAD_STATUSES, { error: 'Use downloaded or not_downloaded.' }),
};

export const STATEMENT_SORT_FIELDS = [
  'month',
  'entityCode',
  'entityName',
  'amount',
  'paymentTotal',
  'paidOn',
  'reviewedAt',
  'id',
] as const;
export type StatementSortField = (typeof STATEMENT_SORT_FIELDS)[number];

export const StatementSearchQuery = searchQuery(STATEMENT_FILTERS, STATEMENT_SORT_FIELDS, {
  sort: 'month',
  order: 'desc',
});
export type StatementSearchQuery = z.input<typeof StatementSearchQuery>;
export type StatementSearch = z.output<typeof StatementSearchQuery>;
export type StatementFilters = StatementSearch['filter'];
// The filter as a client sends it (strings, as the URL holds them).
export type StatementFilterInput = Partial<Record<keyof typeof STATEMENT_FILTERS, string>>;

// SPEC §3 "Statement row in lists", plus what a screen needs to act on the row.
export const StatementRow = z.object({
  id: z.number().int(),
  entityId: z.number().int(),
  entityCode: z.string(),
  entityName: z.string(),
  stateCode: z.string().nullable(),
  // YYYY-MM.
  month: z.string(),
  // When it was generated (ISO).
  timestamp: z.string(),
  payoutFrequency: z.string().nullable(),
  payoutMethod: z.string().nullable(),
  amount: z.number(),
  overrideTotal: z.number(),
  paymentTotal: z.number(),
  addedToAccounting: z.boolean(),
  accountManager: z.number().nullable(),
  accountManagerName: z.string().nullable(),
  // YYYY-MM-DD.
  paidOn: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  downloadedAt: z.string().nullable(),
  reviewStatus: z.enum(REVIEW_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  state: z.enum(STATEMENT_STATES),
  lineCount: z.number().int(),
  version: z.number().int(),
});
export type StatementRow = z.infer<typeof StatementRow>;
export const StatementPage = pageOf(StatementRow);
export type StatementPage = z.infer<typeof StatementPage>;

// SPEC §3 "Statement override".
export const StatementOverride = z.object({
  id: z.number().int(),
  statement_id: z.number().int(),
  override_type_code: z.string(),
  amount: z.number(),
  override_note: z.string().nullable(),
  deleted: z.boolean(),
  created_at: z.string(),
  created_by: Actor.nullable(),
  updated_at: z.string(),
  updated_by: Actor.nullable(),
});
export type StatementOverride = z.infer<typeof StatementOverride>;

export const StatementLine = z.object({
  event_id: z.number().int(),
  policy_number: z.string(),
  // NB, RN, RW, CN, FC, RI (SPEC §3 "Adjustment event").
  event_code: z.string(),
  // The event type's name ("New business"), as the event-types list gives it.
  event_name: z.string(),
  // YYYY-MM-DD.
  on: z.string(),
  premium: z.number(),
  rule_id: z.number().int().nullable(),
  amount: z.number(),
  explanation: z.string(),
});
export type StatementLine = z.infer<typeof StatementLine>;

export const StatementHistoryItem = z.object({
  version: z.number().int(),
  type: z.string(),
  label: z.string(),
  at: z.string(),
  by: z.string().nullable(),
  detail: z.string().nullable(),
});
export type StatementHistoryItem = z.infer<typeof StatementHistoryItem>;

// SPEC §3 "Commission statement", with its lines, the month before it and what each command may do now.
export const Statement = z.object({
  id: z.number().int(),
  entity_id: z.number().int(),
  entity: z.object({ id: z.number().int(), entity_code: z.string(), entity_name: z.string() }),
  statement_month: z.string(),
  amount: z.number(),
  paid_on: z.string().nullable(),
  payment_amount: z.number().nullable(),
  overrides: z.array(StatementOverride),
  override_total: z.number(),
  payment_total: z.number(),
  statement_on: z.string(),
  reviewed_at: z.string().nullable(),
  reviewed_by: z.number().int().nullable(),
  reviewer: z.string().nullable(),
  notification_on: z.string().nullable(),
  downloaded_on: z.string().nullable(),
  review_status: z.enum(REVIEW_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  state: z.enum(STATEMENT_STATES),
  version: z.number().int(),
  // The business-clock moment and user of the statement stream's first event and of its last; a statement
  // made by the month-end job has no user (null).
  created_at: z.string(),
  created_by: Actor.nullable(),
  updated_at: z.string(),
  updated_by: Actor.nullable(),
  lines: z.array(StatementLine),
  // The entity's statement of the month before, for the change against last month.
  previous: z
    .object({
      id: z.number().int(),
      statement_month: z.string(),
      amount: z.number(),
      payment_total: z.number(),
    })
    .nullable(),
  change_from_previous: z.number().nullable(),
  has_verified_bank_account: z.boolean(),
  // Commissionable events of the month recorded after the statement was calculated (docs/decisions/014):
  // how many, what recalculating would change its amount by and to, and the lines it would add. null when
  // it holds every event. An out-of-date statement is not approved until recalculated.
  out_of_date: z
    .object({
      missing_events: z.number().int(),
      difference: z.number(),
      amount_after: z.number(),
      missing_lines: z.array(StatementLine),
    })
    .nullable(),
  history: z.array(StatementHistoryItem),
  can: z.object({
    approve: z.boolean(),
    // Read the month's events again (a pending statement only).
    recalculate: z.boolean(),
    unapprove: z.boolean(),
    markPaid: z.boolean(),
    markUnpaid: z.boolean(),
    editOverrides: z.boolean(),
    download: z.boolean(),
  }),
});
export type Statement = z.infer<typeof Statement>;
export const StatementResponse = z.object({ data: Statement });

// Single commands: `version` is the one the caller saw (stale: 409).
export const StatementCommandRequest = z.strictObject({
  data: z.strictObject({ version: recordVersion().optional() }).default({}),
});

// Bulk commands (SPEC §3 "Bulk commission actions act on selected ids or on a filter"). By filter, every
// matching row is taken, not only a page; `after_id` and `batch` let a client walk a long run in steps and
// show progress (each answer names where to continue).
const selectedIds = (max: number) =>
  z
    .array(z.number().int().min(1).max(MAX_INT), { error: 'Select at least one statement.' })
    .min(1, { error: 'Select at least one statement.' })
    .max(max, { error: `Select at most ${max} statements, or act on the filter.` });

// Exactly one of ids and filter.
function oneSelection(body: { ids?: unknown; filter?: unknown }, ctx: z.RefinementCtx) {
  if ((body.ids === undefined) === (body.filter === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Send either ids or filter.' });
  }
}

export const BulkStatementRequest = z
  .strictObject({
    ids: selectedIds(1000).optional(),
    filter: z.strictObject(STATEMENT_FILTERS).partial().optional(),
    after_id: z.number().int().min(0).max(MAX_INT).optional(),
    batch: z.number().int().min(1).max(500).optional(),
  })
  .superRefine(oneSelection);
export type BulkStatementRequest = z.input<typeof BulkStatementRequest>;

export const BulkRefusal = z.object({
  id: z.number().int(),
  entity_code: z.string(),
  statement_month: z.string(),
  message: z.string(),
});
export type BulkRefusal = z.infer<typeof BulkRefusal>;

export const BulkStatementResult = z.object({
  // Rows that moved.
  affected: z.number().int(),
  // Rows this answer looked at (selected ids found in scope, or filter matches in this step).
  matched: z.number().int(),
  // By filter: every row matching the filter when the run started this step (for progress).
  total: z.number().int(),
  refused: z.array(BulkRefusal),
  // By filter with a batch: the id to continue after; null when the run is done.
  next_after_id: z.number().int().nullable(),
});
export type BulkStatementResult = z.infer<typeof BulkStatementResult>;
export const BulkStatementResponse = z.object({ data: BulkStatementResult });

export const BULK_COMMANDS = ['approve', 'unapprove', 'mark-paid', 'mark-unpaid'] as const;
export type BulkCommand = (typeof BULK_COMMANDS)[number];

const overrideFields = {
  amount: moneyAmount({ min: -100_000, max: 100_000, nonZero: true }),
  type_code: z
    .string({ error: 'Choose an override type.' })
    .trim()
    .min(1, { error: 'Choose an override type.' }),
  note: z.string().trim().max(500, { error: 'The note may be at most 500 characters.' }).nullable(),
};

// SPEC §3 "Override request".
export const OverrideRequest = z.strictObject({
  data: z.strictObject({ ...overrideFields, note: overrideFields.note.default(null) }),
});
export type OverrideRequest = z.input<typeof OverrideRequest>['data'];
// Only what is sent changes: no field defaults here, so a missing note keeps the note it has.
export const OverrideUpdateRequest = z.strictObject({
  data: z
    .strictObject({
      amount: overrideFields.amount,
      type_code: overrideFields.type_code,
      note: overrideFields.note,
    })
    .partial(),
});
export type OverrideUpdateRequest = z.input<typeof OverrideUpdateRequest>['data'];
export const OverrideResponse = z.object({ data: StatementOverride });
export const OverrideListResponse = z.object({ data: z.array(StatementOverride) });

// SPEC §3 "Override option".
export const OverrideType = z.object({
  id: z.number().int(),
  override_cat: z.string(),
  override_code: z.string(),
  override_desc: z.string(),
  is_enabled: z.boolean(),
});
export type OverrideType = z.infer<typeof OverrideType>;
export const OverrideTypeListResponse = z.object({ data: z.array(OverrideType) });

export const StatementMonthListResponse = z.object({ data: z.array(z.string()) });

export const GenerateStatementsRequest = z.strictObject({ data: z.strictObject({ month }) });
export const GenerateStatementsResult = z.object({
  month: z.string(),
  created: z.number().int(),
  recalculated: z.number().int(),
  unchanged: z.number().int(),
  // Statements whose figures changed but were already approved or paid: left as they are.
  kept: z.array(z.object({ id: z.number().int(), entity_code: z.string(), reason: z.string() })),
});
export type GenerateStatementsResult = z.infer<typeof GenerateStatementsResult>;
export const GenerateStatementsResponse = z.object({ data: GenerateStatementsResult });

export const DOWNLOAD_FORMATS = ['pdf', 'csv'] as const;
export const StatementDownloadQuery = z.strictObject({
  format: z.enum(DOWNLOAD_FORMATS, { error: 'Use pdf or csv.' }).default('pdf'),
});

// The payment report of the selected or filtered statements (a CSV file).
export const PaymentReportRequest = z
  .strictObject({
    ids: selectedIds(5000).optional(),
    filter: z.strictObject(STATEMENT_FILTERS).partial().optional(),
  })
  .superRefine(oneSelection);
export type PaymentReportRequest = z.input<typeof PaymentReportRequest>;

// What editing a rule would do to the entity's unapproved statements, before it is saved.
export const RuleImpact = z.object({
  statement_id: z.number().int(),
  statement_month: z.string(),
  amount_before: z.number(),
  amount_after: z.number(),
  difference: z.number(),
});
export type RuleImpact = z.infer<typeof RuleImpact>;
export const RuleImpactResponse = z.object({ data: z.array(RuleImpact) });
