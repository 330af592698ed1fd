import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  chooseRentersCoverage,
  rentersCoverageOptionsQuery,
  type RentersCoverageInput,
  type RentersCoverageOptions,
} from '../../../api/calls/rentersQuotes';
import { errorMessage } from '../../../api/httpErrors';
import type { RentersQuoteView } from '../../../api/schemas/rentersQuotes';
import { Alert } from '../../../ui/feedback/Alert';
import { Spinner } from '../../../ui/feedback/Spinner';
import { formatMoney } from '../../../ui/format';
import { Button } from '../../../ui/forms/Button';
import { useDirtyForm } from '../../../ui/forms/unsavedChanges';
import { SelectField } from '../../../ui/forms/SelectField';
import { TextField } from '../../../ui/forms/TextField';
import {
  PREFERRED_PROPERTY,
  coverageRequest,
  initialCoverageDraft,
  isYesNo,
  type CoverageDraft,
  type TermInterval,
} from './coverageDraft';
import { COVERAGE_LABELS, isAmount } from './coverageLabels';
import { PremiumSummary } from './PremiumSummary';
import { RentersBackButton } from './RentersBackButton';
import type { RentersSnapshot } from './rentersSnapshot';
import { useRentersWrite } from './useRentersWrite';

export interface CoverageStepProps {
  quote: RentersQuoteView;
  snapshot: RentersSnapshot;
}

// The coverage step: the options the state allows on the effective date (GET coverage-options), lists as
// selects and ranges as inputs; the server checks and rates them, and a refused value shows by its field.
export function CoverageStep({ quote, snapshot }: CoverageStepProps) {
  const state = quote.property?.state ?? '';
  const date = quote.effective_date ?? '';
  const options = useQuery({
    ...rentersCoverageOptionsQuery(state, date),
    enabled: state !== '' && date !== '',
  });
  if (options.isError) return <Alert tone="error">{errorMessage(options.error)}</Alert>;
  if (!options.data) return <Spinner label="Loading the coverage options…" />;
  if (!options.data.sold) {
    return (
      <div className="space-y-4">
        <Alert tone="error">
          Renters insurance is not sold in {state} on {date}.
        </Alert>
        <RentersBackButton quote={quote} snapshot={snapshot} />
      </div>
    );
  }
  return <CoverageForm quote={quote} snapshot={snapshot} options={options.data} />;
}

interface CoverageFormProps extends CoverageStepProps {
  options: RentersCoverageOptions;
}

const shown = (path: string, value: number) => (isAmount(path) ? formatMoney(value) : String(value));

function CoverageForm({ quote, snapshot, options }: CoverageFormProps) {
  const [draft, setDraft] = useState<CoverageDraft>(() => initialCoverageDraft(options, quote.coverage));
  const [term, setTerm] = useState<TermInterval>(quote.term_interval ?? 'annual');
  const write = useRentersWrite(quote.id, (body: RentersCoverageInput) =>
    chooseRentersCoverage(quote.id, body),
  );
  // Priced and saved together by the submit: until then the choices are only on screen.
  const dirty = useDirtyForm();
  const fields = write.errors.fields;
  const set = (path: string, value: string) => setDraft((d) => ({ ...d, [path]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    write.mutate(coverageRequest(draft, term, quote.version), { onSuccess: dirty.markClean });
  };
  const allowed = Object.values(options.options).filter((rule) => rule.allow);
  return (
    <form {...dirty.formProps} aria-label="Coverage" onSubmit={submit} className="space-y-6" noValidate>
      {write.errors.message && <Alert tone="error">{write.errors.message}</Alert>}
      <section className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6 md:grid-cols-2">
        <SelectField
          label="Term interval"
          name="term_interval"
          options={[
            { value: 'annual', label: 'Annual (one payment)' },
            { value: 'monthly', label: 'Monthly (twelve payments)' },
          ]}
          value={term}
          disabled={write.isPending}
          onChange={(e) => setTerm(e.target.value === 'monthly' ? 'monthly' : 'annual')}
          errors={fields.term_interval}
        />
        <SelectField
          label={COVERAGE_LABELS[PREFERRED_PROPERTY] ?? 'Preferred property'}
          name={`coverage.${PREFERRED_PROPERTY}`}
          options={[
            { value: '0', label: 'No' },
            { value: '1', label: 'Yes' },
          ]}
          value={draft[PREFERRED_PROPERTY] ?? '0'}
          disabled={write.isPending}
          onChange={(e) => set(PREFERRED_PROPERTY, e.target.value)}
          errors={fields[`coverage.${PREFERRED_PROPERTY}`]}
        />
        {allowed.map((rule) => {
          const path = rule.field.replace(/^coverage\./, '');
          const label = COVERAGE_LABELS[path] ?? path;
          const common = {
            label,
            name: rule.field,
            value: draft[path] ?? '',
            disabled: write.isPending,
            errors: fields[rule.field],
          };
          if (rule.type === 'list') {
            const choices = rule.values.map((v) => ({
              value: String(v),
              label: isYesNo(path) ? (v ? 'Yes' : 'No') : shown(path, v),
            }));
            return (
              <SelectField
                key={rule.field}
                {...common}
                options={choices}
                onChange={(e) => set(path, e.target.value)}
              />
            );
          }
          const [min = 0, max = min] = rule.values;
          return (
            <TextField
              key={rule.field}
              {...common}
              type="number"
              min={min}
              max={max}
              step={rule.step ?? undefined}
              hint={`${shown(path, min)} to ${shown(path, max)}${rule.step ? ` in steps of ${shown(path, rule.step)}` : ''}`}
              onChange={(e) => set(path, e.target.value)}
            />
          );
        })}
      </section>
      {quote.premium && <PremiumSummary premium={quote.premium} />}
      <div className="flex items-start justify-between gap-4">
        <RentersBackButton quote={quote} snapshot={snapshot} />
        <Button type="submit" busy={write.isPending}>
          Price and continue to customer
        </Button>
      </div>
    </form>
  );
}
