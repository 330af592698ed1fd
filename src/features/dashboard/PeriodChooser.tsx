import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../ui/forms/Button';
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import { PERIOD_PRESETS, type PeriodChoice, type PeriodDates } from './dashboardPeriods';

export interface PeriodChooserProps {
  choice: PeriodChoice;
  // The custom dates in the URL (empty when none).
  custom: { from: string; to: string };
  // The dates the figures cover, to start the custom fields from.
  shown: PeriodDates | undefined;
  // The server's messages for dates it refused (422 on fromDate / toDate).
  errors: Readonly<Record<string, readonly string[]>>;
  onPreset(choice: Exclude<PeriodChoice, 'custom'>): void;
  onCustom(from: string, to: string): void;
  // What the figures cover, shown at the form's end.
  summary?: ReactNode;
}

// A preset applies when chosen; custom dates apply with the button, so the URL changes once per choice.
export function PeriodChooser({
  choice,
  custom,
  shown,
  errors,
  onPreset,
  onCustom,
  summary,
}: PeriodChooserProps) {
  const [editing, setEditing] = useState(choice === 'custom');
  const [draft, setDraft] = useState(custom);
  const [seen, setSeen] = useState(custom);
  // New dates in the URL (back button, a bookmark) replace what the fields show.
  if (seen.from !== custom.from || seen.to !== custom.to) {
    setSeen(custom);
    setDraft(custom);
  }
  const customShown = editing || choice === 'custom';

  const pick = (value: string) => {
    if (value === 'custom') {
      setEditing(true);
      setDraft({ from: custom.from || shown?.fromDate || '', to: custom.to || shown?.toDate || '' });
      return;
    }
    setEditing(false);
    onPreset(value as Exclude<PeriodChoice, 'custom'>);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onCustom(draft.from, draft.to);
  };

  return (
    <form
      aria-label="Dashboard period"
      onSubmit={apply}
      className="flex flex-wrap items-start gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <SelectField
        label="Period"
        name="period"
        className="w-48"
        options={PERIOD_PRESETS}
        value={customShown ? 'custom' : choice}
        onChange={(e) => pick(e.target.value)}
      />
      {customShown && (
        <>
          <TextField
            label="From"
            name="fromDate"
            type="date"
            className="w-44"
            required
            value={draft.from}
            errors={errors.fromDate ?? []}
            onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
          />
          <TextField
            label="To"
            name="toDate"
            type="date"
            className="w-44"
            required
            value={draft.to}
            errors={errors.toDate ?? []}
            onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
          />
          <Button type="submit" className="mt-6">
            Apply
          </Button>
        </>
      )}
      {summary && <div className="ml-auto self-center text-sm text-slate-600">{summary}</div>}
    </form>
  );
}
