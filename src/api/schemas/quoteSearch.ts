import { z } from 'zod';
import { MAX_INT } from './numbers';
import { pageOf, searchQuery } from './paging';
import { QUOTE_METHODS } from './specQuoteRequests';

// SPEC §3 "Quoting (pets)" search row and "Search criteria and paging" (quote search), §7 GET /v2/quotes with
// its /match and /export variants. Rows speak SPEC §3's names (camelCase), as the query's filters do.
export const QUOTE_SORT_FIELDS = ['createdAt', 'customerName', 'stateCode', 'purchasedAt'] as const;
export type QuoteSortField = (typeof QUOTE_SORT_FIELDS)[number];

// Export answers every matching row, and refuses (422) a filter matching more than this rather than cut the
// file short (a runaway export would tie up the server).
export const QUOTE_EXPORT_MAX_ROWS = 100_000;
export const QUOTE_MATCH_MAX_ROWS = 20;

const day = z.iso.date({ error: 'Use a date as YYYY-MM-DD.' });
// Phone numbers are compared by their digits only, so "(512) 555-0199" finds 5125550199.
const phoneDigits = z
  .string()
  .trim()
  .max(30)
  .transform((value) => value.replace(/\D/g, ''))
  .pipe(z.string().min(1, { error: 'Give at least one digit of the phone number.' }));

export const QUOTE_FILTERS = {
  // Days in Central time (America/Chicago), both ends inclusive.
  createdFrom: day,
  createdTo: day,
  policyNumber: z.string().trim().min(1).max(40),
  emailAddress: z.string().trim().min(1).max(254),
  customerName: z.string().trim().min(1).max(120),
  phoneNumber: phoneDigits,
  stateCode: z.string().trim().toUpperCase().length(2),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/, { error: 'Use a five-digit ZIP code.' }),
  // The quote's attribution (docs/quote-actions.md "A quote request as SPEC writes it", "Tracking information").
  // Taken as text first, so the portal's filter form (strings) can send them.
  quotingPlatform: z
    .string()
    .pipe(z.enum(['PORTAL', 'API'], { error: 'The quoting platform is PORTAL or API.' })),
  quoteMethod: z
    .string()
    .pipe(z.enum(QUOTE_METHODS, { error: `The quote method is one of ${QUOTE_METHODS.join(', ')}.` })),
  entitySourceId: z.coerce
    .number({ error: 'The quote source is a whole number.' })
    .int({ error: 'The quote source is a whole number.' })
    .min(1, { error: 'The quote source is a whole number.' })
    .max(MAX_INT, { error: 'The quote source is a whole number.' }),
  partnerCode: z.string().trim().min(1).max(40),
};

export const QuoteSearchQuery = searchQuery(QUOTE_FILTERS, QUOTE_SORT_FIELDS, {
  sort: 'createdAt',
  order: 'desc',
});
export type QuoteSearchQuery = z.input<typeof QuoteSearchQuery>;
export type QuoteSearch = z.output<typeof QuoteSearchQuery>;
export type QuoteFilters = QuoteSearch['filter'];

// The export takes the same filters and sort; paging makes no sense for a file of every row.
export const QuoteExportQuery = QuoteSearchQuery.omit({ page: true, limit: true });
export type QuoteExport = z.output<typeof QuoteExportQuery>;

export const QuoteSearchRow = z.object({
  id: z.uuid(),
  referringEntity: z.object({ entityCode: z.string(), entityName: z.string() }),
  // Central time with the offset of that instant, e.g. 2026-11-21T19:24:38.512-06:00 (SPEC §9).
  createdAt: z.string(),
  purchasedAt: z.string().nullable(),
  // Set once the quote is purchased (the first policy's number).
  policyNumber: z.string().nullable(),
  // The journey step's portal route, where "Resume" reopens the quote (as GET /v2/quote/{uuid} answers).
  route: z.string().nullable(),
  // Null until rating info (the customer) is saved.
  customerName: z.string().nullable(),
  city: z.string().nullable(),
  stateCode: z.string().nullable(),
  zipCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  petCount: z.number().int(),
  petNames: z.array(z.string()),
});
export type QuoteSearchRow = z.infer<typeof QuoteSearchRow>;
export const QuoteSearchResponse = pageOf(QuoteSearchRow);
export type QuoteSearchResponse = z.infer<typeof QuoteSearchResponse>;

// GET /v2/quotes/match: quotes sharing an e-mail or phone with the one being entered (SPEC "search metadata").
export const QuoteMatchQuery = z
  .strictObject({
    email: z.string().trim().min(1).max(254).optional(),
    phone: phoneDigits.optional(),
  })
  .refine((q) => q.email !== undefined || q.phone !== undefined, {
    error: 'Give an email or a phone to match.',
    path: ['email'],
  });
export type QuoteMatch = z.output<typeof QuoteMatchQuery>;

export const QuoteMatchRow = QuoteSearchRow.extend({
  matchedOn: z.array(z.enum(['email', 'phone'])).min(1),
});
export type QuoteMatchRow = z.infer<typeof QuoteMatchRow>;
export const QuoteMatchResponse = z.object({ data: z.array(QuoteMatchRow) });
export type QuoteMatchResponse = z.infer<typeof QuoteMatchResponse>;
