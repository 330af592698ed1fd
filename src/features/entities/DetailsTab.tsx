import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { updateEntity } from '../../api/calls/entities';
import type { Entity } from '../../api/schemas/entities';
import { Card } from './Card';
import { detailsOf, updateBody, type DetailsValues } from './detailsValues';
import { EntityDetailsForm } from './EntityDetailsForm';
import { formErrors } from './formErrors';
import { SaveBar } from './SaveBar';
import { useInvalidateEntity } from './useInvalidateEntity';
import { useUnsavedGuard } from '../../ui/forms/unsavedChanges';

export interface DetailsTabProps {
  entity: Entity;
  canEdit: boolean;
}

// The entity's own fields. Saves send the version that was read: another user's change in between is a
// 409 with a plain message rather than a silent overwrite.
export function DetailsTab({ entity, canEdit }: DetailsTabProps) {
  const [edited, setEdited] = useState<DetailsValues | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const values = edited ?? detailsOf(entity);
  useUnsavedGuard(edited !== null);
  const invalidate = useInvalidateEntity();
  const save = useMutation({
    mutationFn: () => updateEntity(entity.id, updateBody(values, entity.version)),
    onSuccess: async () => {
      await invalidate(entity.id);
      setEdited(null);
      setSaved('Details saved.');
    },
  });
  const { fields, message } = formErrors(save.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <form onSubmit={submit} aria-label="Entity details" noValidate>
      <Card>
        <EntityDetailsForm
          mode="edit"
          values={values}
          onChange={(next) => {
            setEdited(next);
            setSaved(null);
            save.reset();
          }}
          errors={fields}
          readOnly={!canEdit}
        />
        {canEdit && (
          <SaveBar busy={save.isPending} saved={saved} error={message} disabled={edited === null} />
        )}
      </Card>
    </form>
  );
}
