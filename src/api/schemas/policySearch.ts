import { z } from 'zod';
import { pageOf, searchQuery } from './paging';

// SPEC §3 "Policies (pets)" search result columns and "Search criteria and paging" (policy search), §7
// GET /v2/policies with /export (and the same under /v2/matters: a pet policy is a matter). These policy
// endpoints speak camelCase as SPEC §3 names the fields; the filters keep SPEC's names.
export const POLICY_SORT_FIELDS = [
  'purchaseDate',
  'effectiveDate',
  'inceptionDate',
  'expirationDate',
  'policyNumber',
  'petName',
  'fullName',
  'stateCode',
  'statusCode',
] as const;
export type PolicySortField = (typeof POLICY_SORT_FIELDS)[number];

// The date column the date range applies to.
export const POLICY_DATE_TYPES = ['purchase', 'effective', 'inception', 'expiration'] as const;
export type PolicyDateType = (typeof POLICY_DATE_TYPES)[number];

const day = z.iso.date({ error: 'Use a date as YYYY-MM-DD.' });
const text = (max: number) => z.string().trim().min(1).max(max);

export const POLICY_FILTERS = {
  // Prefix, case-insensitive: "PET-TX" finds every Texas policy.
  policy_number: text(40).transform((value) => value.toUpperCase()),
  // Prefix, case-insensitive: the whole address finds exactly that customer.
  email: text(254).transform((value) => value.toLowerCase()),
  // Prefix of "first last" or of the last name alone, case-insensitive.
  full_name: text(120).transform((value) => value.toLowerCase().replace(/\s+/g, ' ')),
  // Digits only, a prefix: "(512) 555" finds 5125550199.
  phone_number: z
    .string()
    .trim()
    .max(30)
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(z.string().min(1, { error: 'Give at least one digit of the phone number.' })),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'Use a two-letter state code.' }),
  date_type: z.enum(POLICY_DATE_TYPES, { error: 'Use purchase, effective, inception or expiration.' }),
  // Calendar days on the date_type column, both ends inclusive.
  date_from: day,
  date_to: day,
  // Prefix, case-insensitive.
  petName: text(60).transform((value) => value.toLowerCase()),
  initPaySuccessful: z
    .enum(['true', 'false'], { error: 'Use true or false.' })
    .transform((v) => v === 'true'),
};

export const PolicySearchQuery = searchQuery(POLICY_FILTERS, POLICY_SORT_FIELDS, {
  sort: 'purchaseDate',
  order: 'desc',
});
export type PolicySearchQuery = z.input<typeof PolicySearchQuery>;
export type PolicySearch = z.output<typeof PolicySearchQuery>;
export type PolicyFilters = PolicySearch['filter'];

// The export takes the same filters and sort; every matching row goes into the file.
export const PolicyExportQuery = PolicySearchQuery.omit({ page: true, limit: true });
export type PolicyExport = z.output<typeof PolicyExportQuery>;

export const PolicySearchRow = z.object({
  matterId: z.number().int(),
  policyNumber: z.string(),
  policyVersion: z.number().int(),
  petName: z.string(),
  entityCode: z.string(),
  entityName: z.string(),
  brandName: z.string().nullable(),
  statusCode: z.string(),
  termType: z.string(),
  // YYYY-MM-DD.
  inceptionDate: z.string(),
  effectiveDate: z.string(),
  purchaseDate: z.string(),
  fullName: z.string(),
  city: z.string(),
  stateCode: z.string(),
  phoneNumber: z.string(),
  initPaySuccessful: z.boolean(),
});
export type PolicySearchRow = z.infer<typeof PolicySearchRow>;
export const PolicySearchResponse = pageOf(PolicySearchRow);
export type PolicySearchResponse = z.infer<typeof PolicySearchResponse>;
