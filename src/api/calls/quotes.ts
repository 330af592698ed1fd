import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { downloadFile, type DownloadedFile, type DownloadWatch } from '../download';
import { QuoteSearchResponse, type QuoteSearchQuery, type QuoteSortField } from '../schemas/quoteSearch';
import type { SortOrder } from '../schemas/paging';

// /v2/quotes: quote search (SPEC §3, §7), its CSV export and each quote's PDF document. Keys start with
// 'quotes', so a change to any quote can refresh every search by invalidating quoteKeys.all.
export const quoteKeys = {
  all: ['quotes'] as const,
  search: ['quotes', 'search'] as const,
};

export async function searchQuotes(
  query: QuoteSearchQuery,
  signal?: AbortSignal,
): Promise<QuoteSearchResponse> {
  return QuoteSearchResponse.parse(await apiRequest('/v2/quotes', { query: { ...query }, signal }));
}

export const quoteSearchQuery = (query: QuoteSearchQuery) =>
  queryOptions({
    queryKey: [...quoteKeys.search, query],
    queryFn: ({ signal }) => searchQuotes(query, signal),
    placeholderData: keepPreviousData,
  });

export interface QuoteExportRequest {
  filter?: QuoteSearchQuery['filter'];
  sort?: QuoteSortField;
  order?: SortOrder;
}

// Every row the filters match (not only the page shown), as the server's CSV file, streamed with progress.
export const exportQuotes = (
  request: QuoteExportRequest,
  watch: DownloadWatch = {},
): Promise<DownloadedFile> =>
  downloadFile('/v2/quotes/export', { query: { ...request }, fallbackName: 'quotes.csv', ...watch });

// GET /v2/quotes/{uuid}: the quote as a PDF document (not GET /v2/quote/{uuid}, the quote as JSON).
export const downloadQuotePdf = (uuid: string): Promise<DownloadedFile> =>
  downloadFile(`/v2/quotes/${encodeURIComponent(uuid)}`, { fallbackName: `quote-${uuid}.pdf` });
