import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { accountManagersQuery, codeListQuery, entityTypesQuery } from '../../api/calls/entityLists';
import { CheckboxField } from '../../ui/forms/CheckboxField';
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import type { DetailsValues } from './detailsValues';
import { EntityPicker } from '../../ui/forms/EntityPicker';

export interface EntityDetailsFormProps {
  mode: 'add' | 'edit';
  values: DetailsValues;
  onChange(values: DetailsValues): void;
  errors: Record<string, string[]>;
  readOnly?: boolean;
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 border-t border-slate-100 pt-5 first:border-t-0 first:pt-0 sm:grid-cols-2 lg:grid-cols-3">
      <legend className="mb-1 text-sm font-semibold text-slate-900 sm:col-span-2 lg:col-span-3">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

// SPEC §3 entity fields, grouped as an agency file reads. Lists come from /v2/lists.
export function EntityDetailsForm({
  mode,
  values,
  onChange,
  errors,
  readOnly = false,
}: EntityDetailsFormProps) {
  const types = useQuery(entityTypesQuery).data ?? [];
  const trackingTypes = useQuery(codeListQuery('entity/tracking-code-types')).data ?? [];
  const frequencies = useQuery(codeListQuery('payout-frequencies')).data ?? [];
  const methods = useQuery(codeListQuery('payout-methods')).data ?? [];
  const managers = useQuery(accountManagersQuery).data ?? [];
  const set = <K extends keyof DetailsValues>(key: K, value: DetailsValues[K]) =>
    onChange({ ...values, [key]: value });
  const text = (key: keyof DetailsValues) => ({
    name: key,
    value: values[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
    errors: errors[key],
    disabled: readOnly,
  });
  const selectedType = types.find((t) => t.type_code === values.type_code);
  // A retired type still shows on the entities that have it, but is not offered for new ones.
  const typeOptions = types
    .filter((t) => t.is_enabled || t.type_code === values.type_code)
    .map((t) => ({ value: t.type_code, label: t.type_desc }));

  return (
    <div className="space-y-6">
      <Group title="Identity">
        <TextField
          label="Entity code"
          {...text('entity_code')}
          disabled={readOnly || mode === 'edit'}
          hint={
            mode === 'add'
              ? 'Four digits, dash, four digits, dash, two letters — e.g. 1234-5678-AB.'
              : 'Fixed once the entity exists.'
          }
          required
          autoComplete="off"
        />
        <TextField label="Entity name" {...text('entity_name')} required className="lg:col-span-2" />
        <TextField label="Doing business as (DBA)" {...text('dba')} />
        <SelectField
          label="Type"
          {...text('type_code')}
          options={typeOptions}
          onChange={(e) => {
            const type = types.find((t) => t.type_code === e.target.value);
            onChange({
              ...values,
              type_code: e.target.value,
              can_quote: type ? type.can_quote : values.can_quote,
            });
          }}
        />
        <CheckboxField
          label="Can quote"
          name="can_quote"
          className="self-end pb-2"
          description={
            selectedType && !selectedType.can_quote
              ? `A ${selectedType.type_desc.toLowerCase()} cannot quote.`
              : 'Producers of this entity may quote and bind.'
          }
          checked={values.can_quote}
          disabled={readOnly || (selectedType ? !selectedType.can_quote : false)}
          onChange={(e) => set('can_quote', e.target.checked)}
          errors={errors.can_quote}
        />
        {mode === 'add' && (
          <div className="sm:col-span-2 lg:col-span-3">
            <EntityPicker
              label="Parent entity"
              name="master_entity_id"
              value={values.parent}
              onChange={(parent) => set('parent', parent)}
              errors={errors.master_entity_id}
              hint="The agency this one sits under. Commission and access follow the hierarchy."
              disabled={readOnly}
            />
          </div>
        )}
      </Group>

      <Group title="Tracking">
        <TextField label="Tracking code" {...text('tracking_code')} />
        <SelectField
          label="Tracking code type"
          {...text('tracking_code_type')}
          placeholder="None"
          options={trackingTypes.map((t) => ({ value: t.code, label: t.description }))}
        />
        <TextField
          label="Brand quote app link"
          {...text('brand_quote_app_link')}
          type="url"
          placeholder="https://"
          hint="The agency’s branded quote app, if it has one."
        />
      </Group>

      <Group title="Accounting and payouts">
        <SelectField
          label="Account manager"
          {...text('account_manager')}
          placeholder="Not assigned"
          options={managers.map((m) => ({ value: String(m.id), label: m.name }))}
        />
        <SelectField
          label="Payout frequency"
          {...text('payout_frequency')}
          placeholder="None"
          options={frequencies.map((f) => ({ value: f.code, label: f.description }))}
        />
        <SelectField
          label="Payout method"
          {...text('payout_method')}
          placeholder="None"
          options={methods.map((m) => ({ value: m.code, label: m.description }))}
        />
        <TextField
          label="Routing number"
          {...text('routing_number')}
          inputMode="numeric"
          maxLength={9}
          hint="9-digit ABA number of the payout bank account."
        />
        <CheckboxField
          label="Added to accounting"
          name="added_to_accounting"
          className="self-end pb-2"
          description="The accounting system knows this entity as a payee."
          checked={values.added_to_accounting}
          disabled={readOnly}
          onChange={(e) => set('added_to_accounting', e.target.checked)}
          errors={errors.added_to_accounting}
        />
      </Group>
    </div>
  );
}
