import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { entityOptionsQuery } from '../../api/calls/entityLists';
import type { EntityOption } from '../../api/schemas/entityLists';
import { ComboboxField } from './ComboboxField';
import { useDebounced } from './useDebounced';

export type PickedEntity = Pick<EntityOption, 'id' | 'entity_code' | 'entity_name'>;

export interface EntityPickerProps {
  label: string;
  name: string;
  value: PickedEntity | null;
  onChange(entity: PickedEntity | null): void;
  // Entities that may not be picked (the entity itself when choosing its parent).
  excludeIds?: readonly number[];
  errors?: readonly string[];
  hint?: string;
  disabled?: boolean;
}

const describe = (e: PickedEntity | null) => (e ? `${e.entity_code} — ${e.entity_name}` : '');

// Type part of a code or name; the server answers active entities in the user's scope that match.
export function EntityPicker({ excludeIds = [], disabled, ...field }: EntityPickerProps) {
  const [term, setTerm] = useState('');
  const settled = useDebounced(term.trim());
  const options = useQuery({ ...entityOptionsQuery(settled), enabled: !disabled }).data ?? [];
  return (
    <ComboboxField<PickedEntity>
      {...field}
      disabled={disabled}
      options={options.filter((o) => !excludeIds.includes(o.id))}
      onTermChange={setTerm}
      keyOf={(e) => e.id}
      display={describe}
      placeholder="Type a code or name…"
      renderOption={(e) => (
        <>
          <span className="font-mono text-xs text-slate-500">{e.entity_code}</span>{' '}
          <span className="text-slate-800">{e.entity_name}</span>
        </>
      )}
    />
  );
}
