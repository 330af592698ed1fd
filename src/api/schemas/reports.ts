import { z } from 'zod';
import { isStateCode } from '../zipStates';
import { allOf, anyOf, type AccessCheck } from '../access';
import { STATEMENT_FILTERS, STATEMENT_SORT_FIELDS, StatementRow } from './commissionStatements';
import { pageOf, searchQuery } from './paging';
import { AGENT_ENTITY_CODE } from './params';

// Reports (SPEC §2 "Reporting", §3 "Written premium report", §6 "Reports"; docs/reports.md).

export const REPORT_ACCESS = {
  // The registry and the commission statements report need admin or report; the statements report also
  // ent_comm_list. The net written premium report: report_nwp or report.
  registry: anyOf('admin', 'report'),
  statements: allOf(anyOf('ent_comm_list'), anyOf('admin', 'report')),
  nwp: anyOf('report_nwp', 'report'),
} as const;

// An access check as the registry stores it (the AccessCheck union of src/api/access.ts).
export const AccessCheckSchema: z.ZodType<AccessCheck> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('public') }),
    z.object({ kind: z.literal('authenticated') }),
    z.object({ kind: z.literal('anyOf'), codes: z.array(z.string()) }),
    z.object({ kind: z.literal('allOf'), checks: z.array(AccessCheckSchema) }),
    z.object({ kind: z.literal('dashboard') }),
    z.object({ kind: z.literal('agentOnly'), check: AccessCheckSchema }),
  ]),
);

export const ReportEntry = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  path: z.string(),
});
export type ReportEntry = z.infer<typeof ReportEntry>;
export const ReportListResponse = z.object({ data: z.array(ReportEntry) });

const day = (what: string) => z.iso.date({ error: `The ${what} must be a date (YYYY-MM-DD).` });

// SPEC §3 "Net written premium report filters": stateCode, fromDate, toDate; and the entity code of the
// written premium report (the entity and the entities beneath it).
export const NwpQuery = z.strictObject({
  stateCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'Use a two-letter state code.' })
    .refine(isStateCode, { error: 'Use the code of a US state.' })
    .optional(),
  fromDate: day('start date').optional(),
  toDate: day('end date').optional(),
  entityCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(AGENT_ENTITY_CODE, { error: 'Use an entity code such as 1234-5678-AB.' })
    .optional(),
});
export type NwpQuery = z.input<typeof NwpQuery>;

export const NWP_MAX_DAYS = 1_096;

// SPEC §3 "Adjustment event: category, code, description, multiplier type, allow new business, allow
// renewal, enabled": how the type's premium counts (ADD, SUBTRACT, NONE; null for a type no event is recorded
// under) and its flags, beside the period's figures.
export const MULTIPLIER_TYPES = ['ADD', 'SUBTRACT', 'NONE'] as const;
export const NwpTotal = z.object({
  code: z.string(),
  description: z.string(),
  category: z.string(),
  multiplierType: z.enum(MULTIPLIER_TYPES).nullable(),
  allowNewBusiness: z.boolean(),
  allowRenewal: z.boolean(),
  enabled: z.boolean(),
  businessType: z.enum(['NEW', 'RENEWAL']),
  count: z.number().int(),
  // Decimal dollars.
  premium: z.number(),
});
export type NwpTotal = z.infer<typeof NwpTotal>;

export const NwpMonth = z.object({
  // YYYY-MM.
  month: z.string(),
  count: z.number().int(),
  // Premium written (issues, renewals, reinstatements) and returned (cancellations, as a negative amount).
  written: z.number(),
  returned: z.number(),
  premium: z.number(),
});
export type NwpMonth = z.infer<typeof NwpMonth>;

export const NwpReport = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  stateCode: z.string().nullable(),
  entity: z.object({ entityCode: z.string(), entityName: z.string() }).nullable(),
  sumOfTotals: z.object({ count: z.number().int(), premium: z.number() }),
  totals: z.array(NwpTotal),
  lines: z.array(
    z.object({ line: z.enum(['PET', 'RENTERS']), count: z.number().int(), premium: z.number() }),
  ),
  months: z.array(NwpMonth),
});
export type NwpReport = z.infer<typeof NwpReport>;
export const NwpReportResponse = z.object({ data: NwpReport });

// The commission statements report (SPEC §2 "Reporting"): the statement search's filters, its default sort
// month descending (SPEC §9), and the entity named by number — "the entity code must be a string and an
// integer" (SPEC §5).
export const STATEMENT_REPORT_FILTERS = {
  ...STATEMENT_FILTERS,
  entityCode: z
    .string({ error: 'The entity code must be a string.' })
    .regex(/^\d{1,9}$/, { error: 'The entity code must be an integer.' })
    .transform(Number),
};
export const StatementReportQuery = searchQuery(STATEMENT_REPORT_FILTERS, STATEMENT_SORT_FIELDS, {
  sort: 'month',
  order: 'desc',
});
export type StatementReportQuery = z.input<typeof StatementReportQuery>;
export type StatementReportSearch = z.output<typeof StatementReportQuery>;

export const StatementReportTotals = z.object({
  count: z.number().int(),
  amount: z.number(),
  overrideTotal: z.number(),
  paymentTotal: z.number(),
  paidTotal: z.number(),
  lineCount: z.number().int(),
});
export type StatementReportTotals = z.infer<typeof StatementReportTotals>;
// Every month of the matching statements, oldest first: what was paid and what is still to pay.
export const StatementReportMonth = z.object({
  month: z.string(),
  count: z.number().int(),
  paid: z.number(),
  unpaid: z.number(),
});
export type StatementReportMonth = z.infer<typeof StatementReportMonth>;
export const StatementReportPage = pageOf(StatementRow).extend({
  totals: StatementReportTotals,
  months: z.array(StatementReportMonth),
});
export type StatementReportPage = z.infer<typeof StatementReportPage>;

// The report as a file: every matching row (never one page), in the chosen order.
export const STATEMENT_REPORT_PDF_MAX_ROWS = 2_000;
export const StatementReportFileQuery = StatementReportQuery.omit({ page: true, limit: true }).extend({
  format: z.enum(['csv', 'pdf'], { error: 'Use csv or pdf.' }).default('csv'),
});
export type StatementReportFileQuery = z.input<typeof StatementReportFileQuery>;
