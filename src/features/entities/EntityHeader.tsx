import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { entityTypesQuery } from '../../api/calls/entityLists';
import type { Entity } from '../../api/schemas/entities';
import { PageHeader } from '../../ui/PageHeader';
import { addressLines } from './format';
import { StatusBadge } from './StatusBadge';

export interface EntityHeaderProps {
  entity: Entity;
  back: { to: string; label: string };
  actions?: ReactNode;
}

// Name, code, type, status and headquarters of the entity on its record screens.
export function EntityHeader({ entity, back, actions }: EntityHeaderProps) {
  const type = useQuery(entityTypesQuery).data?.find((t) => t.type_code === entity.type_code);
  const hq = entity.headquarters_location;
  return (
    <PageHeader
      title={entity.entity_name}
      back={back}
      actions={actions}
      description={
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-mono text-[13px] text-slate-700" data-testid="entity-code">
            {entity.entity_code}
          </span>
          <span>{type?.type_desc ?? entity.type_code}</span>
          <StatusBadge status={entity.status_code} />
          {entity.dba && <span>DBA {entity.dba}</span>}
          {hq && <span>{addressLines(hq).at(-1)}</span>}
        </span>
      }
    />
  );
}
