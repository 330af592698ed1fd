import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { anyOf } from '../../api/access';
import { privilegesQuery } from '../../api/calls/roles';
import type { Role } from '../../api/schemas/roles';
import { Spinner } from '../../ui/feedback/Spinner';
import { Button } from '../../ui/forms/Button';
import { TextAreaField } from '../../ui/forms/TextAreaField';
import { TextField } from '../../ui/forms/TextField';
import { useAccess } from '../../ui/useAccess';
import { PrivilegeTree } from './PrivilegeTree';
import { useDirtyForm } from '../../ui/forms/unsavedChanges';

export interface RoleFormValues {
  role_name: string;
  role_desc: string;
  privileges: string[];
}

export interface RoleFormProps {
  role?: Role;
  readOnly?: boolean;
  busy: boolean;
  errors: Record<string, string[]>;
  submitLabel: string;
  // Shown above the fields: the outcome of the last save.
  notice?: ReactNode;
  onSubmit(values: RoleFormValues): void;
}

// Name, description and the privilege tree of a role, for adding and editing.
export function RoleForm({
  role,
  readOnly = false,
  busy,
  errors,
  submitLabel,
  notice,
  onSubmit,
}: RoleFormProps) {
  const privileges = useQuery(privilegesQuery);
  const { can } = useAccess();
  const [name, setName] = useState(role?.role_name ?? '');
  // The record screen remounts the form after a save, and the add screen leaves it: either clears the guard.
  const dirty = useDirtyForm();
  const [description, setDescription] = useState(role?.role_desc ?? '');
  const [selected, setSelected] = useState<Set<string>>(
    () => new Set(role?.privileges.map((p) => p.priv_code) ?? []),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Catalogue order, so the request (and the history) lists privileges the way the tree shows them.
    const order = privileges.data ?? [];
    const codes = order.map((p) => p.priv_code).filter((code) => selected.has(code));
    onSubmit({ role_name: name, role_desc: description, privileges: codes });
  }

  return (
    <form {...dirty.formProps} onSubmit={submit} className="space-y-6" aria-label={submitLabel} noValidate>
      {notice}
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Name"
          name="role_name"
          required
          maxLength={80}
          value={name}
          onChange={(e) => setName(e.target.value)}
          readOnly={readOnly}
          errors={errors.role_name}
        />
        <TextAreaField
          label="Description"
          name="role_desc"
          rows={2}
          maxLength={255}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          readOnly={readOnly}
          errors={errors.role_desc}
        />
      </div>
      {privileges.data ? (
        <PrivilegeTree
          privileges={privileges.data}
          selected={selected}
          assigned={role?.privileges ?? []}
          holds={(code) => can(anyOf(code))}
          readOnly={readOnly}
          onChange={setSelected}
          errors={errors.privileges}
        />
      ) : (
        <Spinner label="Loading privileges…" />
      )}
      {!readOnly && (
        <div className="sticky bottom-0 -mx-6 flex justify-end gap-3 border-t border-slate-200 bg-white/95 px-6 py-4 backdrop-blur">
          <Button type="submit" busy={busy}>
            {submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
