import { useId, useState } from 'react';
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import { METHOD_OPTIONS, PLATFORM_OPTIONS } from '../../ui/quoteAttributionWords';
import { GROUP_BY_OPTIONS } from './attributionWords';

export const NWP_ATTRIBUTION_KEYS = [
  'quotingPlatform',
  'quoteMethod',
  'entitySourceId',
  'partnerCode',
  'groupBy',
] as const;
type AttributionKey = (typeof NWP_ATTRIBUTION_KEYS)[number];

interface FieldProps {
  name: string;
  value: string;
  errors: readonly string[];
  onChange(e: { target: { value: string } }): void;
}

// "More filters" of the net written premium report (docs/reports.md "Attribution"): where the sales came
// from and the breakdown, folded away so the primary filters stay few; open when one is set or refused.
export function NwpAttributionFilters({ field }: { field: (key: AttributionKey) => FieldProps }) {
  const inUse = NWP_ATTRIBUTION_KEYS.some((key) => {
    const f = field(key);
    return f.value !== '' || f.errors.length > 0;
  });
  const [open, setOpen] = useState(inUse);
  const [wasInUse, setWasInUse] = useState(inUse);
  // A URL or a refusal that sets one of them opens the section.
  if (inUse !== wasInUse) {
    setWasInUse(inUse);
    if (inUse) setOpen(true);
  }
  const id = useId();
  return (
    <div className="sm:col-span-2 lg:col-span-6">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="text-sm font-medium text-indigo-700 hover:text-indigo-900"
      >
        {open ? 'Fewer filters' : 'More filters'}
      </button>
      {open && (
        <fieldset
          id={id}
          className="mt-3 grid gap-4 border-t border-slate-100 pt-3 sm:grid-cols-2 lg:grid-cols-5"
        >
          <legend className="sr-only">Where the sale came from</legend>
          <SelectField
            label="Platform"
            placeholder="Any platform"
            options={PLATFORM_OPTIONS}
            {...field('quotingPlatform')}
          />
          <SelectField
            label="Method"
            placeholder="Any method"
            options={METHOD_OPTIONS}
            {...field('quoteMethod')}
          />
          <TextField
            label="Quote source"
            inputMode="numeric"
            hint="The source's number, as the agency keeps it."
            {...field('entitySourceId')}
          />
          <TextField label="Partner code" maxLength={40} {...field('partnerCode')} />
          <SelectField
            label="Break down by"
            placeholder="No breakdown"
            options={GROUP_BY_OPTIONS}
            {...field('groupBy')}
          />
        </fieldset>
      )}
    </div>
  );
}
