import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { entityQuery } from '../../api/calls/entities';
import { ENTITY_ACCESS } from '../../api/entityAccess';
import { ApiError } from '../../api/httpErrors';
import { Alert } from '../../ui/feedback/Alert';
import { useAccess } from '../../ui/useAccess';
import { Card } from './Card';
import { EntityHeader } from './EntityHeader';
import { entityTakes } from './entityLifecycle';
import { addressLines } from './format';
import { formatPhone } from '../../ui/format';
import { SettingsForm } from './SettingsForm';
import { useEntityId } from './useEntityId';
import { errorMessage } from '../../api/httpErrors';
import { RecordSkeleton } from '../../ui/feedback/RecordSkeleton';

// /my/entities/{id}: one of the agency user's own entities, its offices and its settings. Settings show with
// entity_settings_view and save with entity_settings_edit; the ones the back office keeps stay locked.
export function MyEntityScreen() {
  const id = useEntityId();
  return <MyEntity key={id} id={id} />;
}

function MyEntity({ id }: { id: number }) {
  const entity = useQuery(entityQuery(id));
  const { can } = useAccess();

  if (entity.error) {
    const missing = entity.error instanceof ApiError && entity.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl">
        <Alert tone="error" title={missing ? 'Entity not found' : 'The entity could not be loaded'}>
          {missing ? 'This entity is not one of yours.' : errorMessage(entity.error)}{' '}
          <Link to="/my/entities" className="font-medium underline">
            Back to your entities
          </Link>
        </Alert>
      </div>
    );
  }
  if (!entity.data) return <RecordSkeleton label="Loading entity…" />;
  const e = entity.data;
  const canEdit = can(ENTITY_ACCESS.settingsEdit) && entityTakes(e, 'record.update');

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <EntityHeader entity={e} back={{ to: '/my/entities', label: 'Your entities' }} />
      <Card title="Offices" description={e.parent ? `Part of ${e.parent.entity_name}.` : undefined}>
        {e.locations.length === 0 ? (
          <p className="text-sm text-slate-500">No offices on file. Your account manager can add them.</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {e.locations
              .filter((l) => l.is_enabled)
              .map((l) => (
                <li key={l.id} className="rounded-lg border border-slate-200 p-4 text-sm">
                  <p className="font-medium text-slate-900">{l.name}</p>
                  <address className="not-italic text-slate-600">
                    {addressLines(l).map((line) => (
                      <span key={line} className="block">
                        {line}
                      </span>
                    ))}
                  </address>
                  {l.contacts.map((c) => (
                    <p key={c.id} className="mt-2 text-slate-700">
                      {c.name} · {formatPhone(c.phone, c.extension)}
                      {c.email ? ` · ${c.email}` : ''}
                    </p>
                  ))}
                </li>
              ))}
          </ul>
        )}
      </Card>
      {can(ENTITY_ACCESS.settingsView) ? (
        <section aria-labelledby="settings-title" className="space-y-4">
          <div>
            <h2 id="settings-title" className="text-lg font-semibold text-slate-900">
              Settings
            </h2>
            <p className="text-sm text-slate-600">
              {canEdit
                ? 'Change what your agency manages itself. Locked settings are kept by Harbor Mutual; ask your account manager to change them.'
                : 'You can view these settings. Changing them needs the entity settings edit privilege.'}
            </p>
          </div>
          <SettingsForm
            entityId={id}
            canEdit={canEdit}
            canEditReadonly={false}
            lockedNote="Kept by your account manager."
          />
        </section>
      ) : (
        <Alert>Your roles do not include viewing entity settings.</Alert>
      )}
    </div>
  );
}
