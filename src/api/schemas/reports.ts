import { z } from 'zod';
import { isStateCode } from '../zipStates';
import { allOf, anyOf, type AccessCheck } from '../access';
import { STATEMENT_FILTERS, STATEMENT_SORT_FIELDS, StatementRow } from './commissionStatements';
import { pageOf, searchQuery } from './paging';
import { AGENT_ENTITY_CODE } from './params';
import { QUOTE_FILTERS } from './quoteSearch';

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

// What the report's breakdown groups sales by (docs/reports.md "Attribution").
export const NWP_GROUP_BYS = ['quotingPlatform', 'quoteMethod', 'entitySource', 'partnerCode'] as const;
export type NwpGroupBy = (typeof NWP_GROUP_BYS)[number];
// The group of sales with no value of the attribution grouped by (renters sales, quotes without it). No
// value of a group is written in lower case, so it names no platform, method, source or partner.
export const NWP_NO_ATTRIBUTION = 'none';

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
  // Where the sale came from (docs/reports.md "Attribution"): the quote search's own filters, so the names,
  // values and messages are the same; each keeps the report to pet policies bought on such a quote.
  quotingPlatform: QUOTE_FILTERS.quotingPlatform
    .optional()
    .describe('Only sales bought on a quote made on this platform: PORTAL or API.'),
  quoteMethod: QUOTE_FILTERS.quoteMethod
    .optional()
    .describe('Only sales bought on a quote taken by this method (PHONE, IN_PERSON, EMAIL, WEB, CHAT).'),
  entitySourceId: QUOTE_FILTERS.entitySourceId
    .optional()
    .describe(
      "Only sales bought on a quote naming this quote source (the id of one of an agency's sources).",
    ),
  partnerCode: QUOTE_FILTERS.partnerCode
    .optional()
    .describe('Only sales bought on a quote whose tracking names this partner code (any case).'),
  // Taken as text first, as the attribution filters are, so the portal's filter form (strings) can send it.
  groupBy: z
    .string()
    .pipe(z.enum(NWP_GROUP_BYS, { error: `Group by one of ${NWP_GROUP_BYS.join(', ')}.` }))
    .optional()
    .describe('Adds a breakdown: one row per value of this attribution, "none" for sales without it.'),
});
export type NwpQuery = z.input<typeof NwpQuery>;
export type NwpFilters = z.output<typeof NwpQuery>;

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

// The attribution filters the report ran with; present only when one was given.
export const NwpAttribution = z.object({
  quotingPlatform: z.string().nullable(),
  quoteMethod: z.string().nullable(),
  entitySourceId: z.number().int().nullable(),
  partnerCode: z.string().nullable(),
});
export type NwpAttribution = z.infer<typeof NwpAttribution>;

// One value of the attribution grouped by: its figures, which over every group add up to the report's.
export const NwpGroup = z.object({
  value: z
    .string()
    .describe(
      'The platform, method, quote source id or partner code (upper case) of the group; "none" for sales without one.',
    ),
  label: z
    .string()
    .nullable()
    .describe("The quote source's or partner's name; null for the others and none."),
  count: z.number().int(),
  premium: z.number().describe('Net written premium of the group, decimal dollars.'),
  totals: z.array(NwpTotal),
});
export type NwpGroup = z.infer<typeof NwpGroup>;
export const NwpBreakdown = z.object({ groupBy: z.enum(NWP_GROUP_BYS), groups: z.array(NwpGroup) });
export type NwpBreakdown = z.infer<typeof NwpBreakdown>;

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
  // Only when an attribution filter or groupBy is given, so the report SPEC describes stays as it is.
  attribution: NwpAttribution.optional().describe('The attribution filters given, when any was.'),
  breakdown: NwpBreakdown.optional().describe('Present when groupBy is given.'),
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
