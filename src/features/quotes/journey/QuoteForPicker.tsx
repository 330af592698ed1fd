import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import { useState } from 'react';
import type { AccessibleEntity } from '../../../api/schemas/session';
import { controlClass } from '../../../ui/forms/fieldFrame';

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
  const visible = entities.filter(
    (e) =>
      !needle || e.entityCode.toLowerCase().includes(needle) || e.entityName.toLowerCase().includes(needle),
  );
  const selected = entities.find((e) => e.entityCode === value) ?? null;
  return (
    <Field>
      <Label className="block text-sm font-medium text-slate-700">Quote for</Label>
      <Combobox
        value={selected}
        onChange={(e: AccessibleEntity | null) => e && onChange(e.entityCode)}
        onClose={() => setTerm('')}
        by="id"
        immediate
      >
        <div className="relative">
          <ComboboxInput
            name="entityCode"
            className={controlClass(false)}
            displayValue={describe}
            placeholder="Type a code or name…"
            onChange={(event) => setTerm(event.target.value)}
            autoComplete="off"
          />
          <ComboboxOptions
            anchor="bottom start"
            className="z-50 mt-1 max-h-64 w-[var(--input-width)] overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg empty:invisible"
          >
            {visible.map((option) => (
              <ComboboxOption
                key={option.id}
                value={option}
                className="cursor-pointer px-3 py-2 data-[focus]:bg-indigo-50 data-[selected]:font-semibold"
              >
                <span className="font-mono text-xs text-slate-500">{option.entityCode}</span>{' '}
                <span className="text-slate-800">{option.entityName}</span>
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </div>
      </Combobox>
      <p className="mt-1 text-xs text-slate-500">The agency the quote and its policies belong to.</p>
    </Field>
  );
}
