import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { deactivateEntity, entityQuery, reactivateEntity } from '../../api/calls/entities';
import { COMMISSION_RULE_ACCESS } from '../../api/schemas/commissionRules';
import { ENTITY_ACCESS } from '../../api/entityAccess';
import { ApiError, errorMessage } from '../../api/httpErrors';
import { Alert } from '../../ui/feedback/Alert';
import { ConfirmDialog } from '../../ui/feedback/ConfirmDialog';
import { Button } from '../../ui/forms/Button';
import { Tabs } from '../../ui/layouts/Tabs';
import { useAccess } from '../../ui/useAccess';
import { CommissionTab } from './commission/CommissionTab';
import { DetailsTab } from './DetailsTab';
import { DiscountStatesTab } from './DiscountStatesTab';
import { EntityHeader } from './EntityHeader';
import { entityTakes } from './entityLifecycle';
import { HierarchyTab } from './HierarchyTab';
import { HistoryTab } from './HistoryTab';
import { LocationsTab } from './LocationsTab';
import { QuoteSourcesTab } from './QuoteSourcesTab';
import { SettingsForm } from './SettingsForm';
import { UnderwritingQuestionsTab } from './UnderwritingQuestionsTab';
import { useEntityId } from './useEntityId';
import { useInvalidateEntity } from './useInvalidateEntity';
import { RecordSkeleton } from '../../ui/feedback/RecordSkeleton';

// /admin/entities/{id}: one entity and everything about it, in tabs. Buttons and forms show only what the
// user's privileges allow; the server refuses the rest anyway.
export function EntityEditScreen() {
  const id = useEntityId();
  // A new id (a link to a parent or child) starts afresh: forms, notices and dialogs belong to one entity.
  return <EntityRecord key={id} id={id} />;
}

function EntityRecord({ id }: { id: number }) {
  const entity = useQuery(entityQuery(id));
  const { can } = useAccess();
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const invalidate = useInvalidateEntity();
  const status = useMutation({
    mutationFn: (active: boolean) => (active ? reactivateEntity(id) : deactivateEntity(id)),
    onSuccess: async (changed) => {
      await invalidate(id);
      setConfirming(false);
      setNotice(`${changed.entity_name} is now ${changed.status_code === 'ACTIVE' ? 'active' : 'inactive'}.`);
    },
  });

  if (entity.error) {
    const missing = entity.error instanceof ApiError && entity.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl">
        <Alert tone="error" title={missing ? 'Entity not found' : 'The entity could not be loaded'}>
          {missing ? 'No entity you may see has this id.' : errorMessage(entity.error)}{' '}
          <Link to="/admin/entities" className="font-medium underline">
            Back to entities
          </Link>
        </Alert>
      </div>
    );
  }
  if (!entity.data) return <RecordSkeleton label="Loading entity…" />;
  const e = entity.data;
  const changeable = entityTakes(e, 'record.update');
  const canEdit = can(ENTITY_ACCESS.edit) && changeable;

  const actions = (
    <>
      {entityTakes(e, 'record.deactivate') && can(ENTITY_ACCESS.deactivate) && (
        <Button variant="secondary" className="text-red-700" onClick={() => setConfirming(true)}>
          Deactivate
        </Button>
      )}
      {entityTakes(e, 'record.reactivate') && can(ENTITY_ACCESS.edit) && (
        <Button busy={status.isPending} onClick={() => status.mutate(true)}>
          Reactivate
        </Button>
      )}
    </>
  );

  return (
    <div className="mx-auto max-w-6xl">
      <EntityHeader entity={e} back={{ to: '/admin/entities', label: 'Entities' }} actions={actions} />
      <div className="mb-5 space-y-3">
        {notice && <Alert tone="success">{notice}</Alert>}
        {!confirming && status.error && <Alert tone="error">{errorMessage(status.error)}</Alert>}
        {!changeable && (
          <Alert>
            This entity is inactive: it cannot quote and nobody can act for it. Reactivate it to change it.
          </Alert>
        )}
      </div>
      <Tabs
        label="Entity sections"
        tabs={[
          {
            id: 'details',
            label: 'Details',
            content: <DetailsTab key={e.version} entity={e} canEdit={canEdit} />,
          },
          {
            id: 'hierarchy',
            label: `Hierarchy${e.child_count ? ` (${e.child_count})` : ''}`,
            content: <HierarchyTab entity={e} canEdit={canEdit} canAdd={can(ENTITY_ACCESS.add)} />,
          },
          {
            id: 'locations',
            label: `Locations (${e.locations.length})`,
            content: <LocationsTab entityId={id} canEdit={canEdit} />,
          },
          {
            id: 'settings',
            label: 'Settings',
            content: (
              <SettingsForm
                entityId={id}
                canEdit={canEdit}
                canEditReadonly={can(ENTITY_ACCESS.readonlySettings)}
                lockedNote="Only entity administrators change this."
              />
            ),
          },
          {
            id: 'underwriting',
            label: 'Underwriting questions',
            content: <UnderwritingQuestionsTab entityId={id} canEdit={canEdit} />,
          },
          {
            id: 'quote-sources',
            label: 'Quote sources',
            content: <QuoteSourcesTab entityId={id} canEdit={canEdit} />,
          },
          {
            id: 'discount-states',
            label: 'Discount states',
            content: <DiscountStatesTab entityId={id} canEdit={canEdit} />,
          },
          ...(can(COMMISSION_RULE_ACCESS.view)
            ? [
                {
                  id: 'commission',
                  label: 'Commission',
                  content: (
                    <CommissionTab entityId={id} canEdit={can(COMMISSION_RULE_ACCESS.edit) && changeable} />
                  ),
                },
              ]
            : []),
          { id: 'history', label: 'History', content: <HistoryTab entityId={id} /> },
        ]}
      />
      <ConfirmDialog
        open={confirming}
        title={`Deactivate ${e.entity_name}?`}
        confirmLabel="Deactivate"
        danger
        busy={status.isPending}
        error={status.error?.message ?? null}
        onConfirm={() => status.mutate(false)}
        onClose={() => {
          setConfirming(false);
          status.reset();
        }}
      >
        Its users can no longer act for it and it cannot quote. Its history is kept, and it can be reactivated
        later. An entity with active child entities cannot be deactivated until they are.
      </ConfirmDialog>
    </div>
  );
}
