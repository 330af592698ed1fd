import { useState } from 'react';
import type { AccessibleEntity } from '../../../api/schemas/session';
import { ComboboxField } from '../../../ui/forms/ComboboxField';

export interface QuoteForPickerProps {
  entities: readonly AccessibleEntity[];
  value: string | null;
  onChange(entityCode: string): void;
}

const describe = (e: AccessibleEntity | null) => (e ? `${e.entityCode} — ${e.entityName}` : '');

// The agency a quote is made for (SPEC §1: agents may quote on behalf of another entity): staff pick any,
// agency managers their own agency or one beneath it. Sent as meta.agent.entityCode.
export function QuoteForPicker({ entities, value, onChange }: QuoteForPickerProps) {
  const [term, setTerm] = useState('');
  const needle = term.trim().toLowerCase();
  return (
    <ComboboxField<AccessibleEntity>
      label="Quote for"
      name="entityCode"
      value={entities.find((e) => e.entityCode === value) ?? null}
      options={entities.filter(
        (e) =>
          !needle ||
          e.entityCode.toLowerCase().includes(needle) ||
          e.entityName.toLowerCase().includes(needle),
      )}
      onChange={(e) => e && onChange(e.entityCode)}
      onTermChange={setTerm}
      keyOf={(e) => e.id}
      display={describe}
      placeholder="Type a code or name…"
      hint="The agency the quote and its policies belong to."
      renderOption={(e) => (
        <>
          <span className="font-mono text-xs text-slate-500">{e.entityCode}</span>{' '}
          <span className="text-slate-800">{e.entityName}</span>
        </>
      )}
    />
  );
}
