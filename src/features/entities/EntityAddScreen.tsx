import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { createEntity, entityKeys, entityQuery } from '../../api/calls/entities';
import { myEntitiesQuery } from '../../api/calls/myEntities';
import { Alert } from '../../ui/feedback/Alert';
import { Button } from '../../ui/forms/Button';
import { PageHeader } from '../../ui/PageHeader';
import { Card } from './Card';
import { createBody, EMPTY_DETAILS, type DetailsValues } from './detailsValues';
import { EntityDetailsForm } from './EntityDetailsForm';
import { formErrors } from './formErrors';
import { toast } from '../../ui/feedback/toastStore';
import { useUnsavedGuard } from '../../ui/forms/unsavedChanges';

// /admin/entities/add: a new entity under a parent (?parent=ID when coming from a parent's hierarchy tab).
export function EntityAddScreen() {
  const [params] = useSearchParams();
  const parentId = Number(params.get('parent')) || null;
  const parent = useQuery({ ...entityQuery(parentId ?? 0), enabled: parentId !== null }).data;
  const [edited, setEdited] = useState<DetailsValues | null>(null);
  const values = edited ?? { ...EMPTY_DETAILS, parent: parent ?? null };
  useUnsavedGuard(edited !== null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const save = useMutation({
    mutationFn: () => createEntity(createBody(values)),
    onSuccess: async (entity) => {
      await queryClient.invalidateQueries({ queryKey: entityKeys.all });
      await queryClient.invalidateQueries({ queryKey: myEntitiesQuery.queryKey });
      toast.success(`${entity.entity_name} was added.`);
      navigate(`/admin/entities/${entity.id}`);
    },
  });
  const { fields, message } = formErrors(save.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Add entity"
        description="A new agency, sub-agency or partner. Locations, contacts and settings follow once it exists."
        back={{ to: '/admin/entities', label: 'Entities' }}
      />
      <form onSubmit={submit} aria-label="Add entity" noValidate>
        <Card>
          {message && (
            <div className="mb-5">
              <Alert tone="error">{message}</Alert>
            </div>
          )}
          <EntityDetailsForm mode="add" values={values} onChange={setEdited} errors={fields} />
          <div className="mt-6 flex justify-end gap-3 border-t border-slate-100 pt-5">
            <Button variant="secondary" onClick={() => navigate(-1)}>
              Cancel
            </Button>
            <Button type="submit" busy={save.isPending}>
              Add entity
            </Button>
          </div>
        </Card>
      </form>
    </div>
  );
}
