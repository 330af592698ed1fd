import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { statesQuery } from '../../api/calls/entityLists';
import { Button } from '../../ui/forms/Button';
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import { useFilterDraft } from '../../ui/forms/useFilterDraft';
import { EntityPicker, type PickedEntity } from '../../ui/forms/EntityPicker';

export const STATEMENT_REPORT_KEYS = [
  'date',
  'months',
  'entityCode',
  'stateCode',
  'reviewStatus',
  'paymentStatus',
] as const;
export type StatementReportFilterValues = Partial<Record<(typeof STATEMENT_REPORT_KEYS)[number], string>>;

const MONTH_SPANS = [1, 3, 6, 12, 24, 36].map((n) => ({
  value: String(n),
  label: n === 1 ? 'That month only' : `${n} months up to it`,
}));
const REVIEW = [
  { value: 'Pending', label: 'Pending' },
  { value: 'Approved', label: 'Approved' },
];
const PAYMENT = [
  { value: 'Not Paid', label: 'Not Paid' },
  { value: 'Paid', label: 'Paid' },
];

export interface StatementReportFiltersProps {
  value: StatementReportFilterValues;
  // The entity the URL's number names, when the page knows it (for the picker's text).
  entity: PickedEntity | null;
  errors: Readonly<Record<string, readonly string[]>>;
  onSearch(filter: StatementReportFilterValues): void;
  onClear(): void;
}

// The statements report's filters. The entity is picked by code or name and sent by number (SPEC §5).
export function StatementReportFilters({
  value,
  entity,
  errors,
  onSearch,
  onClear,
}: StatementReportFiltersProps) {
  const [picked, setPicked] = useState<PickedEntity | null>(entity);
  const { draft, field } = useFilterDraft(value, errors, { onReplaced: () => setPicked(entity) });
  const states = useQuery(statesQuery).data ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    const filter = { ...draft, entityCode: picked ? String(picked.id) : undefined };
    if (!filter.date) delete filter.months;
    onSearch(filter);
  }

  return (
    <form
      role="search"
      aria-label="Statement report filters"
      onSubmit={submit}
      className="mb-5 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      <TextField label="Month" type="month" {...field('date')} />
      <SelectField
        label="Months"
        options={MONTH_SPANS}
        {...field('months')}
        value={draft.months ?? '1'}
        disabled={!draft.date}
      />
      <div className="sm:col-span-2">
        <EntityPicker
          label="Entity"
          name="entityCode"
          value={picked}
          onChange={setPicked}
          errors={errors['filter.entityCode']}
          hint="That entity's statements only."
        />
      </div>
      <SelectField
        label="State"
        placeholder="Any state"
        options={states.map((s) => ({ value: s.code, label: s.name }))}
        {...field('stateCode')}
      />
      <SelectField label="Review status" placeholder="Any" options={REVIEW} {...field('reviewStatus')} />
      <SelectField label="Payment status" placeholder="Any" options={PAYMENT} {...field('paymentStatus')} />
      <div className="flex items-end justify-end gap-2">
        <Button variant="secondary" onClick={onClear}>
          Clear
        </Button>
        <Button type="submit">Run report</Button>
      </div>
    </form>
  );
}
