import { createColumnHelper } from '@tanstack/react-table';
import type { EntitySearchRow } from '../../api/schemas/entities';
import { StatusBadge } from './StatusBadge';

// Columns of the entity searches; ids are the server's sort fields (SPEC §3 plus parentEntityCode).
const column = createColumnHelper<EntitySearchRow>();

export function entityColumns(typeNames: ReadonlyMap<string, string>) {
  return [
    column.accessor('entity_code', {
      id: 'entityCode',
      header: 'Code',
      enableSorting: true,
      cell: (c) => <span className="font-mono text-[13px]">{c.getValue()}</span>,
    }),
    column.accessor('entity_name', {
      id: 'entityName',
      header: 'Name',
      enableSorting: true,
      cell: (c) => (
        <div className="max-w-[16rem] truncate">
          <span className="font-medium text-slate-900">{c.getValue()}</span>
          {c.row.original.dba && (
            <span className="block truncate text-xs text-slate-500">DBA {c.row.original.dba}</span>
          )}
        </div>
      ),
    }),
    column.accessor('type_code', {
      id: 'typeCode',
      header: 'Type',
      enableSorting: true,
      cell: (c) => typeNames.get(c.getValue()) ?? c.getValue(),
    }),
    column.accessor('status_code', {
      id: 'statusCode',
      header: 'Status',
      enableSorting: true,
      cell: (c) => <StatusBadge status={c.getValue()} />,
    }),
    column.accessor('parent_entity_code', {
      id: 'parentEntityCode',
      header: 'Parent',
      enableSorting: true,
      cell: (c) =>
        c.getValue() ? (
          <div className="max-w-[12rem] truncate">
            <span className="font-mono text-[13px]">{c.getValue()}</span>
            <span className="block truncate text-xs text-slate-500">{c.row.original.parent_entity_name}</span>
          </div>
        ) : (
          <span className="text-slate-500">—</span>
        ),
    }),
    column.accessor('state_code', {
      id: 'stateCode',
      header: 'Headquarters',
      enableSorting: true,
      cell: (c) =>
        c.row.original.city ? (
          `${c.row.original.city}, ${c.getValue()}`
        ) : (
          <span className="text-slate-500">—</span>
        ),
    }),
    column.accessor('child_count', {
      id: 'childCount',
      header: 'Children',
      cell: (c) => <span className="tabular-nums">{c.getValue()}</span>,
    }),
  ];
}
