import { useId } from 'react';

export interface ActingEntityOption {
  entityCode: string;
  entityName: string;
}

export interface ActingEntitySelectProps {
  current: ActingEntityOption;
  options: readonly ActingEntityOption[];
  onChange: (entityCode: string) => void;
  disabled?: boolean;
}

// Staff may act for another agent entity (SPEC §1/§6); with one choice there is nothing to pick.
export function ActingEntitySelect({
  current,
  options,
  onChange,
  disabled = false,
}: ActingEntitySelectProps) {
  const id = useId();
  const label = (o: ActingEntityOption) => `${o.entityName} (${o.entityCode})`;
  if (options.length < 2) {
    return (
      <p className="truncate text-sm text-slate-600" data-testid="acting-entity">
        <span className="text-slate-500">Acting for </span>
        <span className="font-medium text-slate-800">{label(current)}</span>
      </p>
    );
  }
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm text-slate-600">
        Acting for
      </label>
      <select
        id={id}
        value={current.entityCode}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        data-testid="acting-entity"
        className="min-w-0 max-w-sm truncate rounded-md border border-slate-300 bg-white py-1.5 pl-2 pr-8 text-sm text-slate-800 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
      >
        {options.map((o) => (
          <option key={o.entityCode} value={o.entityCode}>
            {label(o)}
          </option>
        ))}
      </select>
    </div>
  );
}
