import type { RoleOption } from '../../api/schemas/roles';

export interface RoleChecklistProps {
  roles: readonly RoleOption[];
  selected: readonly number[];
  // Roles the user has now: they may be taken off even when the editor could not give them.
  current: readonly number[];
  canAssign(role: RoleOption): boolean;
  disabled?: boolean;
  hint?: string;
  errors?: readonly string[] | undefined;
  onChange(next: number[]): void;
}

// The roles a user holds, as checkboxes. A role whose privileges the editor does not all hold cannot be given.
export function RoleChecklist({
  roles,
  selected,
  current,
  canAssign,
  disabled,
  hint,
  errors = [],
  onChange,
}: RoleChecklistProps) {
  return (
    <fieldset aria-describedby={errors.length ? 'role-errors' : undefined}>
      <legend className="text-sm font-medium text-slate-700">Roles</legend>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      {errors.length > 0 && (
        <ul id="role-errors" className="mt-2 space-y-0.5 text-sm text-red-700" data-field-errors="roles">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {roles.map((role) => {
          const checked = selected.includes(role.id);
          const allowed = current.includes(role.id) || canAssign(role);
          const id = `role-${role.id}`;
          return (
            <li key={role.id} className="flex items-start gap-2 rounded-md border border-slate-200 p-2">
              <input
                id={id}
                type="checkbox"
                name="roles"
                value={role.id}
                checked={checked}
                disabled={disabled || !allowed}
                onChange={(e) =>
                  onChange(e.target.checked ? [...selected, role.id] : selected.filter((r) => r !== role.id))
                }
                className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500 disabled:opacity-60"
              />
              <label htmlFor={id} className="min-w-0 text-sm">
                <span className={`font-medium ${allowed ? 'text-slate-800' : 'text-slate-500'}`}>
                  {role.role_name}
                </span>
                <span className="block text-xs text-slate-500">
                  {role.role_desc || `${role.priv_codes.length} privileges`}
                </span>
                {!allowed && (
                  <span className="block text-xs italic text-slate-500">
                    Holds privileges you do not hold
                  </span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
