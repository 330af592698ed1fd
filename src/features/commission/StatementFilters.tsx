import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { statementMonthsQuery } from '../../api/calls/commissionStatements';
import { accountManagersQuery, codeListQuery, statesQuery } from '../../api/calls/entityLists';
import { Button } from '../../ui/forms/Button';
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import { useFilterDraft } from '../../ui/forms/useFilterDraft';
import {
  ANY_STATUS,
  monthLabel,
  shownStatus,
  urlFilter,
  type StatementFilterValues,
  type StatusDefaults,
} from './statementFilterValues';

const MONTH_SPANS = [1, 2, 3, 6, 12, 24, 36].map((n) => ({
  value: String(n),
  label: n === 1 ? 'That month only' : `${n} months up to it`,
}));
const REVIEW_OPTIONS = [
  { value: ANY_STATUS, label: 'Any' },
  { value: 'Pending', label: 'Pending' },
  { value: 'Approved', label: 'Approved' },
];
const PAYMENT_OPTIONS = [
  { value: ANY_STATUS, label: 'Any' },
  { value: 'Not Paid', label: 'Not Paid' },
  { value: 'Paid', label: 'Paid' },
];
const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];
const DOWNLOAD_OPTIONS = [
  { value: 'downloaded', label: 'Downloaded' },
  { value: 'not_downloaded', label: 'Not downloaded' },
];

export interface StatementFiltersProps {
  // The filters in the URL (statuses only when they differ from the screen's defaults).
  value: StatementFilterValues;
  defaults: StatusDefaults;
  // The server's messages for a filter it refused (422 on filter.<name>).
  errors: Readonly<Record<string, readonly string[]>>;
  onSearch(filter: StatementFilterValues): void;
  onClear(): void;
}

// The filter form of both statement screens (SPEC §3 "Commission statement search"). Typing changes nothing
// until Search, so the URL (and the query) change once per search. The statuses start on the screen's
// defaults; "Any" is a choice of its own.
export function StatementFilters({ value, defaults, errors, onSearch, onClear }: StatementFiltersProps) {
  const { draft, field } = useFilterDraft(value, errors, {
    initial: (v) => ({
      ...v,
      reviewStatus: shownStatus(v, defaults, 'reviewStatus'),
      paymentStatus: shownStatus(v, defaults, 'paymentStatus'),
    }),
  });
  const months = useQuery(statementMonthsQuery).data ?? [];
  const states = useQuery(statesQuery).data ?? [];
  const managers = useQuery(accountManagersQuery).data ?? [];
  const frequencies = useQuery(codeListQuery('payout-frequencies')).data ?? [];
  const methods = useQuery(codeListQuery('payout-methods')).data ?? [];
  // A month in the URL that the list does not have (yet) is still offered, so the form shows it.
  const monthOptions = [...new Set([...(draft.date ? [draft.date] : []), ...months])]
    .sort()
    .reverse()
    .map((m) => ({ value: m, label: monthLabel(m) }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const filter = { ...draft };
    // A span means nothing without its month.
    if (!filter.date) delete filter.months;
    onSearch(urlFilter(filter, defaults));
  }

  return (
    <form
      role="search"
      aria-label="Statement search"
      onSubmit={submit}
      className="mb-5 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-6"
    >
      <SelectField label="Month" placeholder="Any month" options={monthOptions} {...field('date')} />
      <SelectField
        label="Months"
        options={MONTH_SPANS}
        {...field('months')}
        value={draft.months ?? '1'}
        disabled={!draft.date}
      />
      <TextField label="Entity code" placeholder="Starts with" {...field('entityCode')} />
      <SelectField
        label="Account manager"
        placeholder="Any manager"
        options={managers.map((m) => ({ value: String(m.id), label: m.name }))}
        {...field('accountManager')}
      />
      <SelectField
        label="State"
        placeholder="Any state"
        options={states.map((s) => ({ value: s.code, label: s.name }))}
        {...field('stateCode')}
      />
      <SelectField label="Review status" options={REVIEW_OPTIONS} {...field('reviewStatus')} />
      <SelectField label="Payment status" options={PAYMENT_OPTIONS} {...field('paymentStatus')} />
      <SelectField
        label="Payout frequency"
        placeholder="Any frequency"
        options={frequencies.map((f) => ({ value: f.code, label: f.description }))}
        {...field('payoutFrequency')}
      />
      <SelectField
        label="Payout method"
        placeholder="Any method"
        options={methods.map((m) => ({ value: m.code, label: m.description }))}
        {...field('payoutMethod')}
      />
      <SelectField
        label="Added to accounting"
        placeholder="Any"
        options={YES_NO}
        {...field('addedToAccounting')}
      />
      <TextField label="Minimum payment" inputMode="decimal" placeholder="$" {...field('minAmount')} />
      <TextField label="Maximum payment" inputMode="decimal" placeholder="$" {...field('maxAmount')} />
      <TextField label="Paid on" type="date" {...field('paidOn')} />
      <SelectField
        label="Download status"
        placeholder="Any"
        options={DOWNLOAD_OPTIONS}
        {...field('downloadStatus')}
      />
      <div className="flex items-end justify-end gap-2 sm:col-span-2 lg:col-span-2 xl:col-span-4">
        <Button variant="secondary" onClick={onClear}>
          Clear
        </Button>
        <Button type="submit">Search</Button>
      </div>
    </form>
  );
}
