import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { entitySearchQuery } from '../../api/calls/entities';
import { entityTypesQuery } from '../../api/calls/entityLists';
import { ENTITY_SORT_FIELDS, type EntitySortField } from '../../api/schemas/entities';
import type { TableKey } from '../../api/schemas/tableViews';
import { Alert } from '../../ui/feedback/Alert';
import { DataTable } from '../../ui/table/DataTable';
import { SearchEmpty } from '../../ui/table/SearchEmpty';
import { TableToolbar } from '../../ui/table/TableToolbar';
import { useSearchState } from '../../ui/table/useSearchState';
import { entityColumns } from './entityColumns';
import { ENTITY_FILTER_KEYS, EntityFilters } from './EntityFilters';
import { errorMessage } from '../../api/httpErrors';

export interface EntitySearchTableProps {
  caption: string;
  // Whose saved views: the administrators' entity search or the agency user's own entities.
  table: Extract<TableKey, 'entities' | 'my-entities'>;
  // Where a row leads: the admin record or the agency user's settings.
  hrefOf(id: number): string;
}

const isSortField = (sort: string): sort is EntitySortField =>
  (ENTITY_SORT_FIELDS as readonly string[]).includes(sort);

// Filters, table and paging of an entity search, all kept in the URL (DESIGN.md "Tables"). The server limits
// the rows to the caller's scope.
export function EntitySearchTable({ caption, table, hrefOf }: EntitySearchTableProps) {
  const search = useSearchState(ENTITY_FILTER_KEYS, { sort: 'entityCode', order: 'asc' });
  const sort = isSortField(search.sort) ? search.sort : 'entityCode';
  const query = useQuery(entitySearchQuery({ ...search.request, sort }));
  const types = useQuery(entityTypesQuery).data;
  const columns = useMemo(
    () => entityColumns(new Map(types?.map((t) => [t.type_code, t.type_desc]))),
    [types],
  );
  const hasFilter = Object.keys(search.filter).length > 0;

  return (
    <>
      <EntityFilters value={search.filter} onSearch={search.setFilter} onClear={search.reset} />
      <TableToolbar table={table} search={search} columns={columns} />
      {query.error ? (
        <Alert tone="error" title="The search failed">
          {errorMessage(query.error)}
        </Alert>
      ) : (
        <DataTable
          shownColumns={search.columns}
          caption={caption}
          columns={columns}
          rows={query.data?.data ?? []}
          meta={query.data?.meta}
          sort={sort}
          order={search.order}
          onSort={search.toggleSort}
          onPage={search.setPage}
          loading={query.isFetching}
          rowKey={(row) => row.id}
          rowHref={(row) => hrefOf(row.id)}
          empty={
            <SearchEmpty
              filtered={hasFilter}
              noMatch="No entity matches these filters."
              none="There are no entities yet."
              onClear={search.reset}
            />
          }
        />
      )}
    </>
  );
}
