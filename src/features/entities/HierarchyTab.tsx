import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { entitySearchQuery, updateEntity } from '../../api/calls/entities';
import { entityTypesQuery } from '../../api/calls/entityLists';
import type { Entity } from '../../api/schemas/entities';
import { DataTable } from '../../ui/table/DataTable';
import { Card } from './Card';
import { entityColumns } from './entityColumns';
import { entityTakes } from './entityLifecycle';
import { EntityPicker, type PickedEntity } from '../../ui/forms/EntityPicker';
import { formErrors } from './formErrors';
import { SaveBar } from './SaveBar';
import { StatusBadge } from './StatusBadge';
import { useInvalidateEntity } from './useInvalidateEntity';

export interface HierarchyTabProps {
  entity: Entity;
  canEdit: boolean;
  canAdd: boolean;
}

const CHILD_COLUMNS = new Set([
  'entityCode',
  'entityName',
  'typeCode',
  'statusCode',
  'stateCode',
  'childCount',
]);

// Where the entity sits: its ancestors, its parent (which an editor may change, never to one of its own
// descendants: the server refuses that), and its children, paged.
export function HierarchyTab({ entity, canEdit, canAdd }: HierarchyTabProps) {
  const [parent, setParent] = useState<PickedEntity | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const invalidate = useInvalidateEntity();
  const move = useMutation({
    mutationFn: () =>
      updateEntity(entity.id, { master_entity_id: parent?.id ?? null, version: entity.version }),
    onSuccess: async (moved) => {
      await invalidate(entity.id);
      setParent(null);
      setSaved(`Moved under ${moved.parent?.entity_name ?? 'the new parent'}.`);
    },
  });
  const children = useQuery(
    entitySearchQuery({
      page,
      limit: 10,
      sort: 'entityName',
      order: 'asc',
      filter: { parentEntityId: entity.id },
    }),
  );
  const types = useQuery(entityTypesQuery).data;
  const columns = useMemo(
    () =>
      entityColumns(new Map(types?.map((t) => [t.type_code, t.type_desc]))).filter((c) =>
        CHILD_COLUMNS.has(c.id!),
      ),
    [types],
  );
  const { fields, message } = formErrors(move.error);
  // Moving is an edit of the entity; a child needs a parent that can still be changed, as reactivating a
  // child asks of its parent.
  const changeable = entityTakes(entity, 'record.update');

  function submit(event: FormEvent) {
    event.preventDefault();
    move.mutate();
  }

  return (
    <div className="space-y-6">
      <Card title="Place in the hierarchy">
        <nav aria-label="Hierarchy path">
          <ol className="flex flex-wrap items-center gap-2 text-sm">
            {entity.ancestors.map((a) => (
              <li key={a.id} className="flex items-center gap-2">
                <Link to={`/admin/entities/${a.id}`} className="text-indigo-700 hover:underline">
                  {a.entity_name}
                </Link>
                <span aria-hidden="true" className="text-slate-400">
                  /
                </span>
              </li>
            ))}
            <li aria-current="page" className="font-semibold text-slate-900">
              {entity.entity_name}
            </li>
          </ol>
        </nav>
        {canEdit && changeable && entity.parent && (
          <form onSubmit={submit} aria-label="Change parent" className="mt-5 border-t border-slate-100 pt-5">
            <p className="mb-3 text-sm text-slate-600">
              Parent now: <span className="font-medium text-slate-900">{entity.parent.entity_name}</span> (
              <span className="font-mono text-xs">{entity.parent.entity_code}</span>). Moving an entity moves
              everything under it.
            </p>
            <div className="max-w-xl">
              <EntityPicker
                label="New parent entity"
                name="master_entity_id"
                value={parent}
                onChange={(next) => {
                  setParent(next);
                  setSaved(null);
                  move.reset();
                }}
                excludeIds={[entity.id, entity.parent.id]}
                errors={fields.master_entity_id}
              />
            </div>
            <SaveBar
              busy={move.isPending}
              saved={saved}
              error={fields.master_entity_id ? null : message}
              label="Move entity"
              disabled={!parent}
            />
          </form>
        )}
      </Card>

      <Card
        title="Child entities"
        description={
          children.data
            ? `${children.data.meta.total} ${children.data.meta.total === 1 ? 'entity' : 'entities'} directly under this one.`
            : undefined
        }
        actions={
          canAdd &&
          changeable && (
            <Link
              to={`/admin/entities/add?parent=${entity.id}`}
              className="inline-flex items-center rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-slate-700 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
            >
              Add child entity
            </Link>
          )
        }
      >
        <DataTable
          caption={`Children of ${entity.entity_name}`}
          columns={columns}
          rows={children.data?.data ?? []}
          meta={children.data?.meta}
          onPage={setPage}
          loading={children.isFetching}
          rowKey={(row) => row.id}
          rowHref={(row) => `/admin/entities/${row.id}`}
          empty="No entity sits under this one yet."
        />
      </Card>
      {!changeable && (
        <p className="text-sm text-slate-500">
          <StatusBadge status={entity.status_code} /> An inactive entity cannot be moved or given children.
        </p>
      )}
    </div>
  );
}
