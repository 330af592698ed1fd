import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { anyOf } from '../../api/access';
import { myEntitiesQuery } from '../../api/calls/myEntities';
import { roleOptionsQuery } from '../../api/calls/roles';
import type { RoleOption } from '../../api/schemas/roles';
import type { User } from '../../api/schemas/users';
import { Button } from '../../ui/forms/Button';
import { CheckboxField } from '../../ui/forms/CheckboxField';
import { SelectField, type SelectOption } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import { useAccess } from '../../ui/useAccess';
import { RoleChecklist } from './RoleChecklist';
import { useDirtyForm } from '../../ui/forms/unsavedChanges';

export interface UserFormValues {
  fname: string;
  lname: string;
  email: string;
  phone: string;
  ext: string;
  entity: string;
  is_admin: boolean;
  roles: number[];
}

export interface UserFormProps {
  user?: User;
  // Editing one's own account: roles, entity and the administrator flag are someone else's to change.
  self?: boolean;
  readOnly?: boolean;
  busy: boolean;
  errors: Record<string, string[]>;
  submitLabel: string;
  notice?: ReactNode;
  // Extra fields after the roles (the add screen's password choice).
  extra?: ReactNode;
  onSubmit(values: UserFormValues): void;
}

// The house entity's type: its users are staff, and only they can be administrators.
const HOUSE = 'HOUSE';

function initialValues(user: User | undefined): UserFormValues {
  return {
    fname: user?.first_name ?? '',
    lname: user?.last_name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    ext: user?.ext ?? '',
    entity: user?.entity.entity_code ?? '',
    is_admin: user?.is_admin ?? false,
    roles: user?.roles.map((r) => r.id) ?? [],
  };
}

// Person, entity and roles of a user, for adding and editing (SPEC §3 user create request).
export function UserForm(props: UserFormProps) {
  const { user, self = false, readOnly = false, busy, errors, submitLabel, notice, extra, onSubmit } = props;
  const { can } = useAccess();
  const entities = useQuery(myEntitiesQuery).data;
  const roles = useQuery(roleOptionsQuery).data ?? [];
  const [values, setValues] = useState(() => initialValues(user));
  // The record screen remounts the form after a save, and an add screen leaves it: either clears the guard.
  const dirty = useDirtyForm();
  const set = <K extends keyof UserFormValues>(field: K, value: UserFormValues[K]) =>
    setValues((v) => ({ ...v, [field]: value }));

  // The entities the editor may place users in (their scope), plus the user's own if it is no longer active.
  const choices: SelectOption[] = (entities?.data ?? []).map((e) => ({
    value: e.entityCode,
    label: `${e.entityCode} — ${e.entityName}`,
  }));
  if (user && !choices.some((c) => c.value === user.entity.entity_code)) {
    choices.unshift({
      value: user.entity.entity_code,
      label: `${user.entity.entity_code} — ${user.entity.entity_name}`,
    });
  }
  const entityType =
    entities?.data.find((e) => e.entityCode === values.entity)?.typeCode ??
    (user?.entity.entity_code === values.entity ? user.entity.type_code : undefined);
  const house = entityType === HOUSE;
  const canAssign = (role: RoleOption) => role.priv_codes.every((code) => can(anyOf(code)));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit({ ...values, is_admin: house && values.is_admin });
  }

  return (
    <form {...dirty.formProps} onSubmit={submit} className="space-y-8" aria-label={submitLabel} noValidate>
      {notice}
      <section aria-labelledby="person-title" className="grid gap-4 md:grid-cols-2">
        <h2 id="person-title" className="text-base font-semibold text-slate-900 md:col-span-2">
          Person
        </h2>
        <TextField
          label="First name"
          name="fname"
          required
          value={values.fname}
          readOnly={readOnly}
          onChange={(e) => set('fname', e.target.value)}
          errors={errors.fname}
        />
        <TextField
          label="Last name"
          name="lname"
          required
          value={values.lname}
          readOnly={readOnly}
          onChange={(e) => set('lname', e.target.value)}
          errors={errors.lname}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="off"
          className="md:col-span-2"
          hint="The user signs in with this address."
          value={values.email}
          readOnly={readOnly}
          onChange={(e) => set('email', e.target.value)}
          errors={errors.email}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          value={values.phone}
          readOnly={readOnly}
          onChange={(e) => set('phone', e.target.value)}
          errors={errors.phone}
        />
        <TextField
          label="Extension"
          name="ext"
          inputMode="numeric"
          value={values.ext}
          readOnly={readOnly}
          onChange={(e) => set('ext', e.target.value)}
          errors={errors.ext}
        />
      </section>

      <section aria-labelledby="access-title" className="space-y-4 border-t border-slate-200 pt-6">
        <h2 id="access-title" className="text-base font-semibold text-slate-900">
          Access
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          <SelectField
            label="Entity"
            name="entity"
            required
            placeholder="Choose the user’s agency…"
            options={choices}
            value={values.entity}
            disabled={readOnly || self}
            onChange={(e) => set('entity', e.target.value)}
            errors={errors.entity}
            hint={
              self
                ? 'You cannot move your own account.'
                : 'House users are staff and see every agency; agency users see their agency and those below it.'
            }
          />
          {house && (
            <CheckboxField
              label="Administrator"
              name="is_admin"
              description="Marks a house user as an administrator (the Entity Management menu is hidden from them)."
              className="md:pt-7"
              checked={values.is_admin}
              disabled={readOnly || self}
              onChange={(e) => set('is_admin', e.target.checked)}
              errors={errors.is_admin}
            />
          )}
        </div>
        <RoleChecklist
          roles={roles}
          selected={values.roles}
          current={user?.roles.map((r) => r.id) ?? []}
          canAssign={canAssign}
          disabled={readOnly || self}
          hint={
            self ? 'You cannot change your own roles.' : 'The user gets every privilege of the roles ticked.'
          }
          errors={errors.roles}
          onChange={(next) => set('roles', next)}
        />
      </section>

      {extra}

      {!readOnly && (
        <div className="flex justify-end gap-3 border-t border-slate-200 pt-4">
          <Button type="submit" busy={busy}>
            {submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
