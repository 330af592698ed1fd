import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  attributeFormQuery,
  entityAttributesQuery,
  saveEntityAttributes,
} from '../../api/calls/entitySettings';
import { attributeField, type AttributeInput } from '../../api/schemas/attributes';
import { Alert } from '../../ui/feedback/Alert';
import { Spinner } from '../../ui/feedback/Spinner';
import { AttributeField } from './AttributeField';
import { initialValues, isOn, type SettingValues } from './attributeValues';
import { Card } from './Card';
import { formErrors } from './formErrors';
import { SaveBar } from './SaveBar';
import { useInvalidateEntity } from './useInvalidateEntity';
import { useUnsavedGuard } from '../../ui/forms/unsavedChanges';

export interface SettingsFormProps {
  entityId: number;
  // May save at all (entity_settings_edit or admin_ent_edit) …
  canEdit: boolean;
  // … and change read-only settings too (entity administrators).
  canEditReadonly: boolean;
  // Said under settings the user may not change.
  lockedNote: string;
}

// The entity's settings, rendered from the server's attribute form (SPEC §3): sections of typed inputs
// with their rules. Only changed values are sent; the server checks them and answers 422 per setting.
// For entity administrators: who else sees or changes a setting.
function audienceNote(input: AttributeInput): string | null {
  if (!input.isExposed) return 'Internal: agency users never see it.';
  return input.isReadonly ? null : 'The agency can change this itself.';
}

export function SettingsForm({ entityId, canEdit, canEditReadonly, lockedNote }: SettingsFormProps) {
  const form = useQuery(attributeFormQuery);
  const stored = useQuery(entityAttributesQuery(entityId));
  const [edited, setEdited] = useState<SettingValues | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const invalidate = useInvalidateEntity();
  const inputs: AttributeInput[] = form.data?.flatMap((s) => s.inputs) ?? [];
  const initial = form.data && stored.data ? initialValues(inputs, stored.data) : null;
  const values = edited ?? initial;

  const save = useMutation({
    mutationFn: () => {
      const changed = inputs.filter((input) => {
        const a = values![input.id]!;
        const b = initial![input.id]!;
        return a.value !== b.value || a.dataUrl !== b.dataUrl;
      });
      return saveEntityAttributes(entityId, {
        attributes: changed.map((input) => {
          const v = values![input.id]!;
          return {
            attrib_id: input.id,
            attrib_value: v.value === '' ? null : v.value,
            ...(input.type === 'image' ? { data_url: v.dataUrl } : {}),
          };
        }),
      });
    },
    onSuccess: async () => {
      await invalidate(entityId);
      setEdited(null);
      setSaved('Settings saved.');
    },
  });
  const { fields, message } = formErrors(save.error);
  useUnsavedGuard(edited !== null);

  if (form.error || stored.error) return <Alert tone="error">{(form.error ?? stored.error)!.message}</Alert>;
  if (!values || !form.data) return <Spinner label="Loading settings…" />;

  const dirty =
    edited !== null &&
    inputs.some(
      (i) =>
        edited[i.id]!.value !== initial![i.id]!.value || edited[i.id]!.dataUrl !== initial![i.id]!.dataUrl,
    );
  const dependencyNote = (id: number) => {
    const dependency = inputs.find((i) => i.id === id);
    if (!dependency) return 'Applies once the setting it depends on is set.';
    const yes = dependency.options.find((o) => o.value === '1');
    return yes
      ? `Applies when ${dependency.label} is “${yes.label}”.`
      : `Applies once ${dependency.label} is filled in.`;
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <form onSubmit={submit} aria-label="Entity settings" noValidate className="space-y-6">
      {form.data.map((section) => (
        <Card key={section.code} title={section.name} description={section.description}>
          <div className="grid gap-5 md:grid-cols-2">
            {section.inputs.map((input) => {
              const locked = !canEdit || (input.isReadonly && !canEditReadonly);
              const dependencyOff = input.dependencyId !== null && !isOn(values[input.dependencyId]?.value);
              const wide = input.type === 'textarea' || (input.isArray && input.options.length > 12);
              return (
                <div
                  key={input.id}
                  className={wide ? 'md:col-span-2' : undefined}
                  data-attribute-id={input.id}
                >
                  <AttributeField
                    input={input}
                    value={values[input.id]!}
                    onChange={(next) => {
                      setEdited({ ...values, [input.id]: next });
                      setSaved(null);
                    }}
                    errors={fields[attributeField(input.id)]}
                    disabled={locked || dependencyOff}
                    note={
                      dependencyOff
                        ? dependencyNote(input.dependencyId!)
                        : locked && canEdit
                          ? lockedNote
                          : canEditReadonly
                            ? audienceNote(input)
                            : null
                    }
                  />
                </div>
              );
            })}
          </div>
        </Card>
      ))}
      {canEdit && (
        <div className="sticky bottom-2 rounded-xl border border-slate-200 bg-white/95 px-5 py-3 shadow-md backdrop-blur">
          <SaveBar
            busy={save.isPending}
            saved={saved}
            error={message}
            label="Save settings"
            disabled={!dirty}
            className="flex flex-wrap items-center justify-end gap-3"
          />
        </div>
      )}
    </form>
  );
}
