import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { createLocation, updateLocation } from '../../api/calls/entityLocations';
import { codeListQuery, statesQuery } from '../../api/calls/entityLists';
import type { Location } from '../../api/schemas/entities';
import { Alert } from '../../ui/feedback/Alert';
import { Button } from '../../ui/forms/Button';
import { CheckboxField } from '../../ui/forms/CheckboxField';
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import { formErrors } from './formErrors';
import { useInvalidateEntity } from './useInvalidateEntity';
import { useDirtyForm } from '../../ui/forms/unsavedChanges';

export interface LocationFormProps {
  entityId: number;
  // Absent when adding a location.
  location?: Location;
  onDone(message: string): void;
  onCancel(): void;
}

type Values = Record<
  'loc_type' | 'name' | 'address_1' | 'address_2' | 'city' | 'state_code' | 'zip',
  string
> & {
  is_enabled: boolean;
};

const valuesOf = (l?: Location): Values => ({
  loc_type: l?.loc_type ?? 'BRANCH',
  name: l?.name ?? '',
  address_1: l?.address_1 ?? '',
  address_2: l?.address_2 ?? '',
  city: l?.city ?? '',
  state_code: l?.state_code ?? '',
  zip: l?.zip ?? '',
  is_enabled: l?.is_enabled ?? true,
});

// Adds or edits one office of the entity.
export function LocationForm({ entityId, location, onDone, onCancel }: LocationFormProps) {
  const [values, setValues] = useState(() => valuesOf(location));
  const types = useQuery(codeListQuery('entity/location-types')).data ?? [];
  const states = useQuery(statesQuery).data ?? [];
  const invalidate = useInvalidateEntity();
  const save = useMutation({
    mutationFn: () => {
      const body = { ...values, address_2: values.address_2 || null };
      return location ? updateLocation(entityId, location.id, body) : createLocation(entityId, body);
    },
    onSuccess: async (saved) => {
      await invalidate(entityId);
      onDone(location ? `${saved.name} saved.` : `${saved.name} added.`);
    },
  });
  const { fields, message } = formErrors(save.error);
  // Saved or cancelled, the form closes: unmounting clears the guard.
  const dirty = useDirtyForm();
  const field = (key: Exclude<keyof Values, 'is_enabled'>) => ({
    name: key,
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
    errors: fields[key],
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <form
      {...dirty.formProps}
      onSubmit={submit}
      aria-label={location ? `Edit ${location.name}` : 'New location'}
      noValidate
      className="rounded-lg border border-indigo-200 bg-indigo-50/40 p-4"
    >
      <h3 className="mb-3 text-sm font-semibold text-slate-900">
        {location ? `Edit ${location.name}` : 'New location'}
      </h3>
      {message && (
        <div className="mb-3">
          <Alert tone="error">{message}</Alert>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
        <SelectField
          label="Location type"
          {...field('loc_type')}
          options={types.map((t) => ({ value: t.code, label: t.description }))}
          className="lg:col-span-2"
        />
        <TextField label="Location name" {...field('name')} className="lg:col-span-4" required />
        <TextField
          label="Address line 1"
          {...field('address_1')}
          className="lg:col-span-3"
          required
          autoComplete="address-line1"
        />
        <TextField
          label="Address line 2"
          {...field('address_2')}
          className="lg:col-span-3"
          autoComplete="address-line2"
        />
        <TextField label="City" {...field('city')} className="lg:col-span-3" required />
        <SelectField
          label="State"
          {...field('state_code')}
          placeholder="Choose…"
          options={states.map((s) => ({ value: s.code, label: s.name }))}
          className="lg:col-span-2"
        />
        <TextField label="ZIP code" {...field('zip')} inputMode="numeric" maxLength={10} required />
        {location && (
          <CheckboxField
            label="In use"
            name="is_enabled"
            description="A location out of use stays on file but is not the headquarters."
            checked={values.is_enabled}
            onChange={(e) => setValues((v) => ({ ...v, is_enabled: e.target.checked }))}
            className="sm:col-span-2 lg:col-span-6"
          />
        )}
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={save.isPending}>
          {location ? 'Save location' : 'Add location'}
        </Button>
      </div>
    </form>
  );
}
