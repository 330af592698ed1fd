import { z } from 'zod';

// Paging of every search (SPEC §3 "Search criteria and paging", §9 defaults): ?page=1&limit=10&sort=x&order=asc
// with filters as filter[name]=value; the answer's meta names the page, its first and last row, and the total.
// A large search counts its matching rows only up to a cap (TOTAL_CAP, src/server/store/paging.ts): counting a
// million rows would cost more than the page itself. Past the cap `total` is a lower bound (the cap, or the
// last row of the page when that lies further) and `totalCapped` is true; the flag is absent when the total
// is exact.
export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export const PageMeta = z.object({
  page: z.object({
    number: z.number().int(),
    limit: z.number().int(),
    from: z.number().int(),
    to: z.number().int(),
  }),
  total: z.number().int(),
  totalCapped: z.literal(true).optional(),
});
export type PageMeta = z.infer<typeof PageMeta>;

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: PageMeta });

export type SortOrder = 'asc' | 'desc';

export interface PageRequest<F extends Record<string, unknown> = Record<string, unknown>> {
  page?: number;
  limit?: number;
  sort?: string;
  order?: SortOrder;
  filter?: Partial<F>;
}

// The query schema of one search: its filters (all optional) and the fields it may sort by.
export function searchQuery<F extends z.ZodRawShape, S extends string>(
  filters: F,
  sortFields: readonly [S, ...S[]],
  defaults: { sort: S; order: SortOrder },
) {
  return z.strictObject({
    page: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_PAGE),
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
    sort: z.enum(sortFields).default(defaults.sort),
    order: z.enum(['asc', 'desc']).default(defaults.order),
    filter: z
      .strictObject(filters)
      .partial()
      .default({} as never),
  });
}
