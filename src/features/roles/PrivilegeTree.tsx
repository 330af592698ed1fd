import type { RolePrivilege } from '../../api/schemas/roles';
import { buildPrivilegeTree, canToggle, toggleCode, type PrivilegeNode } from './privilegeTree';
import type { Privilege } from '../../api/calls/roles';
import { formatInstantDate } from '../../calendar';

export interface PrivilegeTreeProps {
  privileges: readonly Privilege[];
  selected: ReadonlySet<string>;
  // The role's privileges as saved, with who assigned them and when.
  assigned: readonly RolePrivilege[];
  holds(code: string): boolean;
  readOnly: boolean;
  onChange(next: Set<string>): void;
  errors?: readonly string[] | undefined;
}

// The role's privileges as a tree of checkboxes. A ticked parent shows its children ticked and fixed: it
// grants them all.
export function PrivilegeTree(props: PrivilegeTreeProps) {
  const { privileges, selected, errors = [] } = props;
  const roots = buildPrivilegeTree(privileges);
  return (
    <fieldset aria-describedby={errors.length ? 'privilege-errors' : undefined}>
      <legend className="text-sm font-medium text-slate-700">Privileges</legend>
      <p className="mt-1 text-xs text-slate-500">
        {selected.size} selected. A privilege marked “all” includes everything listed under it.
      </p>
      {errors.length > 0 && (
        <ul
          id="privilege-errors"
          className="mt-2 space-y-0.5 text-sm text-red-700"
          data-field-errors="privileges"
        >
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <ul className="mt-3 gap-4 sm:columns-2 xl:columns-3">
        {roots.map((node) => (
          <li
            key={node.privilege.id}
            className="mb-2 break-inside-avoid rounded-md border border-slate-200 p-2"
          >
            <PrivilegeItem node={node} implied={false} {...props} />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function PrivilegeItem({
  node,
  implied,
  ...props
}: PrivilegeTreeProps & { node: PrivilegeNode; implied: boolean }) {
  const { privilege, children } = node;
  const code = privilege.priv_code;
  const assignment = props.assigned.find((a) => a.priv_code === code);
  const explicit = props.selected.has(code);
  const toggle = canToggle(privilege, assignment !== undefined, props.holds);
  const disabled = props.readOnly || implied || !toggle.allowed;
  const id = `privilege-${code}`;
  const note = implied ? 'Included above' : !props.readOnly && !toggle.allowed ? toggle.reason : undefined;
  return (
    <>
      <div className="flex items-start gap-2 rounded px-1 py-1 hover:bg-slate-50">
        <input
          id={id}
          type="checkbox"
          name="privileges"
          value={code}
          checked={explicit || implied}
          disabled={disabled}
          onChange={(e) => props.onChange(toggleCode(props.selected, node, e.target.checked))}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500 disabled:opacity-60"
        />
        <label htmlFor={id} className="min-w-0 text-sm">
          <span
            className={`font-medium ${disabled && !explicit && !implied ? 'text-slate-500' : 'text-slate-800'}`}
          >
            {privilege.priv_desc}
          </span>
          <span className="block font-mono text-xs text-slate-500">{code}</span>
          {explicit && assignment && (
            <span className="block text-xs text-slate-500">
              Assigned {formatInstantDate(assignment.assigned_at)}
              {assignment.assigned_by ? ` by ${assignment.assigned_by.name}` : ' at setup'}
            </span>
          )}
          {note && <span className="block text-xs italic text-slate-500">{note}</span>}
        </label>
      </div>
      {children.length > 0 && (
        <ul className="ml-6 border-l border-slate-200 pl-2">
          {children.map((child) => (
            <li key={child.privilege.id}>
              <PrivilegeItem {...props} node={child} implied={implied || explicit} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
