import { anyOf } from '../../../api/access';
import {
  exportRentersPolicies,
  rentersPolicySearchQuery,
  type RentersPolicyFilterKey,
} from '../../../api/calls/rentersPolicies';
import {
  RENTERS_POLICY_SORT_FIELDS,
  type RentersPolicySearchRow,
  type RentersPolicySortField,
} from '../../../api/schemas/rentersPolicies';
import { SearchScreen, type SearchTableDefinition } from '../../../ui/table/SearchScreen';
import { rentersPolicyColumns } from './rentersPolicyColumns';

// SPEC §3 renters policy search criteria; the URL uses the same names (?full_name=lee&date_type=effective).
const RENTERS_POLICY_FILTER_KEYS = [
  'policy_number',
  'email',
  'full_name',
  'phone_number',
  'state',
  'date_type',
  'date_from',
  'date_to',
] as const satisfies readonly RentersPolicyFilterKey[];
type RentersSearchFilterKey = (typeof RENTERS_POLICY_FILTER_KEYS)[number];

// /renters/policies: renters policy search (SPEC §2, §3), newest sale first. Each row opens the policy
// (/renters/customers/{customerId}/policies/{matterId}); the export downloads every row the filters match
// as CSV, not just this page.
const RENTERS_POLICY_SEARCH: SearchTableDefinition<
  RentersPolicySearchRow,
  RentersSearchFilterKey,
  RentersPolicySortField
> = {
  table: 'renters-policies',
  title: 'Renter Policies',
  description:
    'Renters policies of your agencies, newest sale first. Text filters match the start of a value.',
  caption: 'Renter policies',
  filterKeys: RENTERS_POLICY_FILTER_KEYS,
  filters: {
    label: 'Renters policy search',
    fields: [
      { kind: 'text', key: 'policy_number', label: 'Policy number', placeholder: 'RNT-TX-00000042' },
      { kind: 'text', key: 'full_name', label: 'Full name', placeholder: 'First or last name' },
      { kind: 'text', key: 'email', label: 'Email', placeholder: 'name@example.com' },
      { kind: 'text', key: 'phone_number', label: 'Phone', type: 'tel', placeholder: '(512) 555-0199' },
      { kind: 'select', key: 'state', label: 'State', placeholder: 'Any state', options: 'states' },
      // "sold" is the server's default.
      {
        kind: 'dateType',
        key: 'date_type',
        label: 'Date type',
        options: [
          { value: 'sold', label: 'Sold date' },
          { value: 'effective', label: 'Effective date' },
        ],
        serverDefault: 'sold',
        dates: ['date_from', 'date_to'],
      },
      { kind: 'text', key: 'date_from', label: 'From', type: 'date' },
      { kind: 'text', key: 'date_to', label: 'To', type: 'date' },
    ],
    buttonsSpan: 'sm:col-span-2 lg:col-span-4',
  },
  sortFields: RENTERS_POLICY_SORT_FIELDS,
  defaults: { sort: 'sold_on', order: 'desc' },
  query: rentersPolicySearchQuery,
  exportCsv: exportRentersPolicies,
  columns: () => rentersPolicyColumns(),
  rowKey: (row) => row.matter_id,
  rowHref: (row) => `/renters/customers/${row.customer_id}/policies/${row.matter_id}`,
  emptyStart: {
    label: 'Start a renters quote',
    to: '/renters/quotes/journey-start',
    access: anyOf('renters_qt_create'),
  },
  noMatch: 'No renters policy matches these filters.',
  none: 'There are no renters policies yet. A policy is issued when a renters quote is purchased.',
};

export function RentersPolicySearchScreen() {
  return <SearchScreen definition={RENTERS_POLICY_SEARCH} />;
}
