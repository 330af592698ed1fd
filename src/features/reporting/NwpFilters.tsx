import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { statesQuery } from '../../api/calls/entityLists';
import type { NwpQuery } from '../../api/schemas/reports';
import { Button } from '../../ui/forms/Button';
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import { useFilterDraft } from '../../ui/forms/useFilterDraft';
import { EntityPicker, type PickedEntity } from '../../ui/forms/EntityPicker';
import { NWP_ATTRIBUTION_KEYS, NwpAttributionFilters } from './NwpAttributionFilters';

export const NWP_KEYS = ['fromDate', 'toDate', 'stateCode', 'entityCode', ...NWP_ATTRIBUTION_KEYS] as const;
export type NwpFilterValues = Partial<Record<(typeof NWP_KEYS)[number], string>>;

export interface NwpFiltersProps {
  value: NwpFilterValues;
  // The entity the URL's code names, as the report answered it (for the picker's text).
  entity: PickedEntity | null;
  errors: Readonly<Record<string, readonly string[]>>;
  onRun(query: NwpQuery): void;
  onClear(): void;
}

// SPEC §3 "Net written premium report filters": stateCode, fromDate, toDate, and the entity (with the
// entities beneath it). Without dates the server reports the year to date. Where the sales came from and the
// breakdown are under "More filters".
export function NwpFilters({ value, entity, errors, onRun, onClear }: NwpFiltersProps) {
  const [picked, setPicked] = useState<PickedEntity | null>(entity);
  // The entity's name arrives with the report, after the URL changed: a new one replaces the picker too.
  const [shownEntity, setShownEntity] = useState(entity?.entity_code);
  if (shownEntity !== entity?.entity_code) {
    setShownEntity(entity?.entity_code);
    setPicked(entity);
  }
  const { draft, field } = useFilterDraft(value, errors, {
    errorPrefix: '',
    onReplaced: () => setPicked(entity),
  });
  const states = useQuery(statesQuery).data ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    onRun({ ...draft, entityCode: picked?.entity_code });
  }

  return (
    <form
      role="search"
      aria-label="Net written premium filters"
      onSubmit={submit}
      className="mb-5 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
    >
      <TextField label="From" type="date" {...field('fromDate')} />
      <TextField label="To" type="date" {...field('toDate')} />
      <SelectField
        label="State"
        placeholder="Any state"
        options={states.map((s) => ({ value: s.code, label: s.name }))}
        {...field('stateCode')}
      />
      <div className="sm:col-span-2">
        <EntityPicker
          label="Entity"
          name="entityCode"
          value={picked}
          onChange={setPicked}
          errors={errors.entityCode}
          hint="With the entities beneath it."
        />
      </div>
      <div className="flex items-end justify-end gap-2">
        <Button variant="secondary" onClick={onClear}>
          Clear
        </Button>
        <Button type="submit">Run report</Button>
      </div>
      <NwpAttributionFilters field={field} />
    </form>
  );
}
