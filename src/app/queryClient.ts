import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/httpErrors';

// SPEC §8: a failed refresh of profile, entities or brand is logged and otherwise ignored: the
// screens keep the data they have.
export function createPortalQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => console.error(`Could not load ${JSON.stringify(query.queryKey)}.`, error),
    }),
    defaultOptions: {
      queries: {
        // A 4xx answer will not change by asking again; a dropped connection might.
        retry: (failures, error) =>
          failures < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: true,
      },
    },
  });
}
