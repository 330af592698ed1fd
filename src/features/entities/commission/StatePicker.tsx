export interface StatePickerProps {
  states: readonly { code: string; name: string }[];
  selected: readonly string[];
  onChange(codes: string[]): void;
  errors?: readonly string[];
}

// The states a rule applies in: a compact grid of checkboxes, each labelled by code with the name as title.
export function StatePicker({ states, selected, onChange, errors = [] }: StatePickerProps) {
  const toggle = (code: string) =>
    onChange(selected.includes(code) ? selected.filter((c) => c !== code) : [...selected, code].sort());
  return (
    <fieldset aria-describedby={errors.length ? 'rule-state-errors' : undefined}>
      <legend className="flex w-full items-center justify-between text-sm font-medium text-slate-700">
        <span>States ({selected.length} chosen)</span>
        <span className="flex gap-3 text-xs font-normal">
          <button type="button" className="text-indigo-700 hover:underline" onClick={() => onChange([])}>
            Clear
          </button>
        </span>
      </legend>
      <div
        className={`mt-2 grid max-h-48 grid-cols-6 gap-x-3 gap-y-1 overflow-y-auto rounded-md border p-3 sm:grid-cols-9 ${
          errors.length ? 'border-red-400' : 'border-slate-300'
        }`}
      >
        {states.map((state) => (
          <label
            key={state.code}
            title={state.name}
            className="flex items-center gap-1.5 text-sm text-slate-700"
          >
            <input
              type="checkbox"
              name="state_codes"
              value={state.code}
              aria-label={state.name}
              checked={selected.includes(state.code)}
              onChange={() => toggle(state.code)}
              className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500"
            />
            {state.code}
          </label>
        ))}
      </div>
      {errors.length > 0 && (
        <ul id="rule-state-errors" className="mt-1 text-sm text-red-700">
          {errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
