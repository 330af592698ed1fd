import { useState } from 'react';
import { errorMessage, fieldErrorsOf, ValidationError } from '../../api/httpErrors';
import type { RoleRef } from '../../api/schemas/tableViews';
import { CheckboxField } from '../forms/CheckboxField';
import { FormDialog } from '../forms/FormDialog';
import { TextField } from '../forms/TextField';

export interface ViewDialogProps {
  title: string;
  submitLabel: string;
  initial: { name: string; roleIds: readonly number[] };
  // Roles the view may go to (the server's list), and those it already has.
  roles: readonly RoleRef[];
  busy: boolean;
  error: unknown;
  onSubmit(value: { name: string; roleIds: number[] }): void;
  onClose(): void;
}

// Name a saved view and choose the roles it is shared with (each role's holders see it, read-only).
export function ViewDialog(props: ViewDialogProps) {
  const { title, submitLabel, initial, roles, busy, error, onSubmit, onClose } = props;
  const [name, setName] = useState(initial.name);
  const [roleIds, setRoleIds] = useState<number[]>([...initial.roleIds]);
  const fields = fieldErrorsOf(error);
  // A refusal of the name or the roles is shown there; anything else (a limit, a lost connection) here.
  const shownAtFields = error instanceof ValidationError && Boolean(fields.name ?? fields.shared_role_ids);
  const toggle = (id: number) =>
    setRoleIds((current) => (current.includes(id) ? current.filter((r) => r !== id) : [...current, id]));
  return (
    <FormDialog
      open
      title={title}
      submitLabel={submitLabel}
      busy={busy}
      onSubmit={() => onSubmit({ name, roleIds })}
      onClose={onClose}
    >
      <TextField
        label="Name"
        name="name"
        value={name}
        maxLength={80}
        autoFocus
        onChange={(e) => setName(e.target.value)}
        errors={fields.name}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Share with roles</legend>
        <p className="text-sm text-slate-500">
          Everyone holding a ticked role sees this view in their list; only you can change it.
        </p>
        {roles.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">You hold no role to share with.</p>
        ) : (
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {roles.map((role) => (
              <CheckboxField
                key={role.id}
                label={role.name}
                name={`role-${role.id}`}
                checked={roleIds.includes(role.id)}
                onChange={() => toggle(role.id)}
              />
            ))}
          </div>
        )}
        {fields.shared_role_ids && (
          <p className="mt-2 text-sm text-red-700">{fields.shared_role_ids.join(' ')}</p>
        )}
      </fieldset>
      {Boolean(error) && !shownAtFields && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(error)}
        </p>
      )}
    </FormDialog>
  );
}
