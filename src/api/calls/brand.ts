import { queryOptions } from '@tanstack/react-query';
import { STALE_TIME } from '../cacheTimes';
import { apiRequest } from '../client';
import { BrandResponse } from '../schemas/session';
import type { z } from 'zod';

export type BrandAnswer = z.infer<typeof BrandResponse>;

// GET /v1/public/entity-brands: public, so it goes without token and agent header.
export async function fetchBrand(signal?: AbortSignal): Promise<BrandAnswer> {
  return BrandResponse.parse(await apiRequest('/v1/public/entity-brands', { public: true, signal }));
}

export const brandQuery = queryOptions({
  queryKey: ['brand'],
  queryFn: ({ signal }) => fetchBrand(signal),
  staleTime: STALE_TIME.brand,
});
