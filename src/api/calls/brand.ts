import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { STALE_TIME } from '../cacheTimes';
import { apiRequest } from '../client';
import type { BrandResponse } from '../schemas/session';

export type BrandAnswer = z.infer<typeof BrandResponse>;

// GET /v1/public/entity-brands: public, so it goes without token and agent header. Every page asks for it
// from the first script, which leaves zod out: the schema loads alongside the call.
export async function fetchBrand(signal?: AbortSignal): Promise<BrandAnswer> {
  const [answer, schemas] = await Promise.all([
    apiRequest('/v1/public/entity-brands', { public: true, signal }),
    import('../schemas/session'),
  ]);
  return schemas.BrandResponse.parse(answer);
}

export const brandQuery = queryOptions({
  queryKey: ['brand'],
  queryFn: ({ signal }) => fetchBrand(signal),
  staleTime: STALE_TIME.brand,
});
