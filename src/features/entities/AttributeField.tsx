import { useId, type ChangeEvent } from 'react';
import type { AttributeInput } from '../../api/schemas/attributes';
import { SelectField } from '../../ui/forms/SelectField';
import { TextAreaField } from '../../ui/forms/TextAreaField';
import { TextField } from '../../ui/forms/TextField';
import { joinList, ruleValue, splitList, type SettingValue } from './attributeValues';

export interface AttributeFieldProps {
  input: AttributeInput;
  value: SettingValue;
  onChange(value: SettingValue): void;
  errors?: readonly string[];
  disabled: boolean;
  // Why it is disabled, said under the input.
  note?: string | null;
}

function OptionGrid({
  input,
  value,
  onChange,
  errors = [],
  disabled,
  hint,
}: AttributeFieldProps & { hint: string }) {
  const id = useId();
  const chosen = new Set(splitList(value.value));
  const toggle = (option: string) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = input.options
      .map((o) => o.value)
      .filter((v) => (v === option ? event.target.checked : chosen.has(v)));
    onChange({ ...value, value: joinList(next) });
  };
  const long = input.options.length > 12;
  const grid = (
    <div
      className={`mt-2 grid gap-x-4 gap-y-1.5 ${long ? 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4' : 'grid-cols-2'}`}
    >
      {input.options.map((option) => (
        <label key={option.value} className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name={`${input.name}[]`}
            value={option.value}
            checked={chosen.has(option.value)}
            disabled={disabled}
            onChange={toggle(option.value)}
            className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500"
          />
          {option.label}
        </label>
      ))}
    </div>
  );
  const summary = chosen.size === 0 ? 'None chosen' : `${chosen.size} chosen: ${[...chosen].join(', ')}`;
  return (
    <fieldset aria-describedby={`${id}-hint`} aria-invalid={errors.length > 0 || undefined}>
      <legend className="block text-sm font-medium text-slate-700">{input.label}</legend>
      {long ? (
        <details className="mt-1 rounded-md border border-slate-200 px-3 py-2">
          <summary className="cursor-pointer text-sm text-slate-700">{summary}</summary>
          {grid}
        </details>
      ) : (
        grid
      )}
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
      {errors.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-sm text-red-700" data-field-errors={input.name}>
          {errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function ImageField({
  input,
  value,
  onChange,
  errors = [],
  disabled,
  hint,
}: AttributeFieldProps & { hint: string }) {
  const id = useId();
  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const reader = new FileReader();
    // The server checks type and size again; this only carries the file.
    reader.onload = () => onChange({ value: file.name, dataUrl: String(reader.result) });
    reader.readAsDataURL(file);
  }
  const types = String(ruleValue(input, 'mimeTypes') ?? 'image/*');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {input.label}
      </label>
      <div className="mt-1 flex items-center gap-4">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-50">
          {value.dataUrl ? (
            <img
              src={value.dataUrl}
              alt={`${input.label} preview`}
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <span className="text-xs text-slate-500">None</span>
          )}
        </div>
        <div className="min-w-0 text-sm">
          {value.value && <p className="truncate text-slate-700">{value.value}</p>}
          {!disabled && (
            <div className="mt-1 flex items-center gap-3">
              <input
                id={id}
                name={input.name}
                type="file"
                accept={types}
                onChange={pick}
                className="text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-indigo-700"
              />
              {value.value && (
                <button
                  type="button"
                  className="text-sm font-medium text-red-700"
                  onClick={() => onChange({ value: '', dataUrl: null })}
                >
                  Remove
                </button>
              )}
            </div>
          )}
        </div>
      </div>
      <p className="mt-1 text-xs text-slate-500">{hint}</p>
      {errors.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-sm text-red-700" data-field-errors={input.name}>
          {errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

// One setting of the attribute form, drawn from its type, flags, options and rules (SPEC §3).
export function AttributeField(props: AttributeFieldProps) {
  const { input, value, onChange, errors, disabled, note } = props;
  const hint = [input.description, input.tooltip, note].filter(Boolean).join(' ');
  if (input.type === 'select' && input.isArray) return <OptionGrid {...props} hint={hint} />;
  if (input.type === 'image') return <ImageField {...props} hint={hint} />;
  const common = {
    label: input.label,
    name: input.name,
    value: value.value,
    errors,
    disabled,
    hint: hint || undefined,
    required: input.isRequired,
    onChange: (e: { target: { value: string } }) => onChange({ ...value, value: e.target.value }),
  };
  switch (input.type) {
    case 'select':
      return (
        <SelectField
          {...common}
          placeholder={input.isRequired ? undefined : 'Not set'}
          options={input.options.map((o) => ({ value: o.value, label: o.label }))}
        />
      );
    case 'textarea':
      return <TextAreaField {...common} maxLength={Number(ruleValue(input, 'maxLength') ?? 2000)} />;
    case 'number':
      return (
        <TextField
          {...common}
          type="number"
          inputMode="decimal"
          min={ruleValue(input, 'min') as number | undefined}
          max={ruleValue(input, 'max') as number | undefined}
          step={(ruleValue(input, 'step') as number | undefined) ?? (ruleValue(input, 'integer') ? 1 : 'any')}
        />
      );
    case 'date':
      return <TextField {...common} type="date" />;
    case 'email':
      return (
        <TextField
          {...common}
          type={input.isArray ? 'text' : 'email'}
          placeholder={input.isArray ? 'name@agency.com, …' : undefined}
        />
      );
    case 'url':
      return <TextField {...common} type="url" placeholder="https://" />;
    default:
      return <TextField {...common} maxLength={Number(ruleValue(input, 'maxLength') ?? 2000)} />;
  }
}
