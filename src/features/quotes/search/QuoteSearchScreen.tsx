import { anyOf } from '../../../api/access';
import { downloadQuotePdf, exportQuotes, quoteSearchQuery } from '../../../api/calls/quotes';
import {
  QUOTE_SORT_FIELDS,
  type QuoteSearchRow,
  type QuoteSortField,
} from '../../../api/schemas/quoteSearch';
import { SearchScreen, type SearchTableDefinition } from '../../../ui/table/SearchScreen';
import { quoteColumns } from './quoteColumns';
import { METHOD_OPTIONS, PLATFORM_OPTIONS } from '../../../ui/quoteAttributionWords';

// SPEC §3 quote search filters, then the quote's attribution; the URL uses these names
// (?customerName=ada&createdFrom=2026-11-01).
const QUOTE_FILTER_KEYS = [
  'createdFrom',
  'createdTo',
  'policyNumber',
  'emailAddress',
  'customerName',
  'phoneNumber',
  'stateCode',
  'zip',
  'quotingPlatform',
  'quoteMethod',
  'partnerCode',
] as const;
type QuoteFilterKey = (typeof QUOTE_FILTER_KEYS)[number];

const NEW_QUOTE = anyOf('quote_new');

// /quotes: quote search (SPEC §2, §3), newest first. Each row resumes the journey where the quote stands or
// downloads its PDF; the export downloads every row the filters match as CSV.
const QUOTE_SEARCH: SearchTableDefinition<QuoteSearchRow, QuoteFilterKey, QuoteSortField> = {
  table: 'quotes',
  title: 'Quotes',
  description: 'Pet quotes of your agencies, newest first. Times are Central time (CT).',
  caption: 'Quotes',
  filterKeys: QUOTE_FILTER_KEYS,
  filters: {
    label: 'Quote search',
    fields: [
      { kind: 'text', key: 'customerName', label: 'Customer name', placeholder: 'First or last name' },
      { kind: 'text', key: 'emailAddress', label: 'Email', type: 'email', placeholder: 'name@example.com' },
      { kind: 'text', key: 'phoneNumber', label: 'Phone', type: 'tel', placeholder: '(512) 555-0199' },
      { kind: 'text', key: 'policyNumber', label: 'Policy number' },
      { kind: 'text', key: 'createdFrom', label: 'Created from', type: 'date', hint: 'Central time' },
      { kind: 'text', key: 'createdTo', label: 'Created to', type: 'date', hint: 'Central time' },
      { kind: 'select', key: 'stateCode', label: 'State', placeholder: 'Any state', options: 'states' },
      { kind: 'text', key: 'zip', label: 'ZIP code', inputMode: 'numeric', maxLength: 5 },
      // Where the quote came from (docs/quote-actions.md "Searching by attribution").
      {
        kind: 'select',
        key: 'quotingPlatform',
        label: 'Platform',
        placeholder: 'Any platform',
        options: PLATFORM_OPTIONS,
      },
      {
        kind: 'select',
        key: 'quoteMethod',
        label: 'Method',
        placeholder: 'Any method',
        options: METHOD_OPTIONS,
      },
      { kind: 'text', key: 'partnerCode', label: 'Partner code', maxLength: 40 },
    ],
    buttonsSpan: 'sm:col-span-2 lg:col-span-4',
  },
  sortFields: QUOTE_SORT_FIELDS,
  defaults: { sort: 'createdAt', order: 'desc' },
  query: quoteSearchQuery,
  exportCsv: exportQuotes,
  columns: ({ running, download }) =>
    quoteColumns({
      downloading: running,
      onPdf: (row) =>
        void download(row.id, 'The PDF could not be downloaded.', () => downloadQuotePdf(row.id), false),
    }),
  rowKey: (row) => row.id,
  newLink: { label: 'New quote', to: '/quotes/journey', access: NEW_QUOTE },
  emptyStart: { label: 'Start a new quote', to: '/quotes/journey', access: NEW_QUOTE },
  noMatch: 'No quote matches these filters.',
  none: 'There are no quotes yet.',
};

export function QuoteSearchScreen() {
  return <SearchScreen definition={QUOTE_SEARCH} />;
}
