import { anyOf } from '../../../api/access';
import { exportPolicies, policySearchQuery, type PolicyFilterKey } from '../../../api/calls/policySearch';
import {
  POLICY_SORT_FIELDS,
  type PolicySearchRow,
  type PolicySortField,
} from '../../../api/schemas/policySearch';
import { SearchScreen, type SearchTableDefinition } from '../../../ui/table/SearchScreen';
import { policyColumns } from './policyColumns';

// SPEC §3 pet policy search criteria; the URL uses the same names (?petName=rex&date_type=effective).
const POLICY_FILTER_KEYS = [
  'policy_number',
  'email',
  'full_name',
  'phone_number',
  'state',
  'date_type',
  'date_from',
  'date_to',
  'petName',
  'initPaySuccessful',
] as const satisfies readonly PolicyFilterKey[];
type PolicySearchFilterKey = (typeof POLICY_FILTER_KEYS)[number];

// /policies: pet policy search (SPEC §2, §3), newest purchase first. Each row opens the policy
// (/policies/{matterId}); the export downloads every row the filters match as CSV, not just this page.
const POLICY_SEARCH: SearchTableDefinition<PolicySearchRow, PolicySearchFilterKey, PolicySortField> = {
  table: 'policies',
  title: 'Policies',
  description:
    'Pet policies of your agencies, newest purchase first. Text filters match the start of a value.',
  caption: 'Policies',
  filterKeys: POLICY_FILTER_KEYS,
  filters: {
    label: 'Policy search',
    fields: [
      { kind: 'text', key: 'policy_number', label: 'Policy number', placeholder: 'PET-TX-00001001' },
      { kind: 'text', key: 'petName', label: 'Pet name', placeholder: 'Starts with' },
      { kind: 'text', key: 'full_name', label: 'Full name', placeholder: 'First or last name' },
      { kind: 'text', key: 'email', label: 'Email', placeholder: 'name@example.com' },
      { kind: 'text', key: 'phone_number', label: 'Phone', type: 'tel', placeholder: '(512) 555-0199' },
      { kind: 'select', key: 'state', label: 'State', placeholder: 'Any state', options: 'states' },
      {
        kind: 'select',
        key: 'initPaySuccessful',
        label: 'Initial payment',
        placeholder: 'Any',
        options: [
          { value: 'true', label: 'Successful' },
          { value: 'false', label: 'Failed' },
        ],
      },
      // "purchase" is the server's default.
      {
        kind: 'dateType',
        key: 'date_type',
        label: 'Date type',
        options: [
          { value: 'purchase', label: 'Purchase date' },
          { value: 'effective', label: 'Effective date' },
          { value: 'inception', label: 'Inception date' },
          { value: 'expiration', label: 'Expiration date' },
        ],
        serverDefault: 'purchase',
        dates: ['date_from', 'date_to'],
      },
      { kind: 'text', key: 'date_from', label: 'From', type: 'date' },
      { kind: 'text', key: 'date_to', label: 'To', type: 'date' },
    ],
    buttonsSpan: 'sm:col-span-2',
  },
  sortFields: POLICY_SORT_FIELDS,
  defaults: { sort: 'purchaseDate', order: 'desc' },
  query: policySearchQuery,
  exportCsv: exportPolicies,
  columns: () => policyColumns(),
  rowKey: (row) => row.matterId,
  rowHref: (row) => `/policies/${row.matterId}`,
  emptyStart: { label: 'Start a new quote', to: '/quotes/journey', access: anyOf('quote_new') },
  noMatch: 'No policy matches these filters.',
  none: 'There are no policies yet. A policy is issued when a quote is purchased.',
};

export function PolicySearchScreen() {
  return <SearchScreen definition={POLICY_SEARCH} />;
}
