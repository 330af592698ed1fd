import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { locationsQuery } from '../../api/calls/entityLocations';
import { codeListQuery } from '../../api/calls/entityLists';
import { Alert } from '../../ui/feedback/Alert';
import { Spinner } from '../../ui/feedback/Spinner';
import { Button } from '../../ui/forms/Button';
import { Card } from './Card';
import { LocationCard } from './LocationCard';
import { LocationForm } from './LocationForm';
import { errorMessage } from '../../api/httpErrors';

export interface LocationsTabProps {
  entityId: number;
  canEdit: boolean;
}

// The entity's offices and the people at each. The headquarters is the one its searches show.
export function LocationsTab({ entityId, canEdit }: LocationsTabProps) {
  const locations = useQuery(locationsQuery(entityId));
  const types = useQuery(codeListQuery('entity/location-types')).data ?? [];
  const typeName = (code: string) => types.find((t) => t.code === code)?.description ?? code;
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <Card
      title="Locations and contacts"
      description="Offices of the entity and who to reach at each."
      actions={
        canEdit &&
        !adding && (
          <Button
            variant="secondary"
            onClick={() => {
              setAdding(true);
              setNotice(null);
            }}
          >
            Add location
          </Button>
        )
      }
    >
      <div className="space-y-4">
        {notice && <Alert tone="success">{notice}</Alert>}
        {adding && (
          <LocationForm
            entityId={entityId}
            onDone={(message) => {
              setAdding(false);
              setNotice(message);
            }}
            onCancel={() => setAdding(false)}
          />
        )}
        {locations.isPending && <Spinner label="Loading locations…" />}
        {locations.error && <Alert tone="error">{errorMessage(locations.error)}</Alert>}
        {locations.data?.length === 0 && !adding && (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
            No locations yet.{canEdit && ' Add the headquarters first: searches show its city and state.'}
          </p>
        )}
        {locations.data?.map((location) => (
          <LocationCard
            key={location.id}
            entityId={entityId}
            location={location}
            typeName={typeName(location.loc_type)}
            canEdit={canEdit}
            onNotice={setNotice}
          />
        ))}
      </div>
    </Card>
  );
}
