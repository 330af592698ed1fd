import { z } from 'zod';
import { pageOf, searchQuery } from './paging';

// SPEC §3 "Renters" policy search (criteria and row) and §7 GET /v2/renters/policies with /export. The
// renters wire format is snake_case; dates are YYYY-MM-DD in UTC (§9); the date range is on the day sold
// unless date_type says effective (§9 default).
export const RENTERS_POLICY_SORT_FIELDS = [
  'sold_on',
  'effective_at',
  'policy_number',
  'full_name',
  'state',
  'status',
] as const;
export type RentersPolicySortField = (typeof RENTERS_POLICY_SORT_FIELDS)[number];

export const RENTERS_POLICY_DATE_TYPES = ['sold', 'effective'] as const;
export type RentersPolicyDateType = (typeof RENTERS_POLICY_DATE_TYPES)[number];

const day = z.iso.date({ error: 'Use a date as YYYY-MM-DD.' });
const text = (max: number) => z.string().trim().min(1).max(max);

export const RENTERS_POLICY_FILTERS = {
  // Prefix, case-insensitive: "RNT-TX" finds every Texas policy.
  policy_number: text(40).transform((value) => value.toUpperCase()),
  // Prefix, case-insensitive.
  email: text(254).transform((value) => value.toLowerCase()),
  // Prefix of "first last" or of the last name alone, case-insensitive.
  full_name: text(120).transform((value) => value.toLowerCase().replace(/\s+/g, ' ')),
  // Digits only, a prefix.
  phone_number: z
    .string()
    .trim()
    .max(30)
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(z.string().min(1, { error: 'Give at least one digit of the phone number.' })),
  // The state of the insured property.
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'Use a two-letter state code.' }),
  date_type: z.enum(RENTERS_POLICY_DATE_TYPES, { error: 'Use sold or effective.' }),
  // Calendar days, both ends inclusive.
  date_from: day,
  date_to: day,
};

export const RentersPolicySearchQuery = searchQuery(RENTERS_POLICY_FILTERS, RENTERS_POLICY_SORT_FIELDS, {
  sort: 'sold_on',
  order: 'desc',
});
export type RentersPolicySearchQuery = z.input<typeof RentersPolicySearchQuery>;
export type RentersPolicySearch = z.output<typeof RentersPolicySearchQuery>;
export type RentersPolicyFilters = RentersPolicySearch['filter'];

// The export takes the same filters and sort; every matching row goes into the file.
export const RentersPolicyExportQuery = RentersPolicySearchQuery.omit({ page: true, limit: true });
export type RentersPolicyExport = z.output<typeof RentersPolicyExportQuery>;

// SPEC §3 renters row, with the ids the policy edit screen's path takes
// (/renters/customers/{customerId}/policies/{matterId}).
export const RentersPolicySearchRow = z.object({
  matter_id: z.number().int(),
  customer_id: z.number().int(),
  full_name: z.string(),
  policy_number: z.string(),
  term_interval: z.enum(['annual', 'monthly']),
  phone_number: z.string(),
  email: z.string(),
  city: z.string(),
  state: z.string(),
  // YYYY-MM-DD.
  sold_on: z.string(),
  effective_at: z.string(),
  status: z.string(),
});
export type RentersPolicySearchRow = z.infer<typeof RentersPolicySearchRow>;
export const RentersPolicySearchResponse = pageOf(RentersPolicySearchRow);
export type RentersPolicySearchResponse = z.infer<typeof RentersPolicySearchResponse>;
