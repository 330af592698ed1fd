import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { anyOf } from '../../api/access';
import { roleSearchQuery } from '../../api/calls/roles';
import { errorMessage } from '../../api/httpErrors';
import type { RoleFilter, RoleRow } from '../../api/schemas/roles';
import { Alert } from '../../ui/feedback/Alert';
import { ButtonLink } from '../../ui/forms/ButtonLink';
import { PageHeader } from '../../ui/PageHeader';
import { DataTable } from '../../ui/table/DataTable';
import { SearchEmpty } from '../../ui/table/SearchEmpty';
import { TableToolbar } from '../../ui/table/TableToolbar';
import { useSearchState } from '../../ui/table/useSearchState';
import { useAccess } from '../../ui/useAccess';
import { RoleFilters } from './RoleFilters';
import { formatDateTime } from '../../calendar';

const FILTERS: readonly RoleFilter[] = ['name', 'description'];
const DEFAULTS = { sort: 'name', order: 'asc' } as const;

const column = createColumnHelper<RoleRow>();
// Column ids as TABLE_COLUMNS.roles lists them (a unit test holds them equal).
export const COLUMNS = [
  column.accessor('role_name', { id: 'name', header: 'Name', enableSorting: true }),
  column.accessor('role_desc', {
    id: 'description',
    header: 'Description',
    enableSorting: true,
    cell: (c) => <span className="block max-w-md truncate">{c.getValue() || '—'}</span>,
  }),
  column.accessor('privilege_count', { header: 'Privileges', cell: (c) => c.getValue() }),
  column.accessor('user_count', { header: 'Users', cell: (c) => c.getValue() }),
  column.accessor('updated_at', {
    id: 'updatedAt',
    header: 'Last changed',
    enableSorting: true,
    cell: (c) => formatDateTime(c.getValue()),
  }),
];

// /admin/roles: role search by name and description (SPEC §3), paged and sorted by the server.
export function RoleSearchScreen() {
  const search = useSearchState(FILTERS, DEFAULTS);
  const roles = useQuery(roleSearchQuery(search.request));
  const { can } = useAccess();
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Roles"
        description="A role bundles privileges; users get privileges through their roles."
        actions={
          can(anyOf('admin', 'admin_role_add')) && <ButtonLink to="/admin/roles/add">Add role</ButtonLink>
        }
      />
      {/* Keyed by the URL's filters, so back and forward show the search they return to. */}
      <RoleFilters key={JSON.stringify(search.filter)} initial={search.filter} onSearch={search.setFilter} />
      {roles.isError && <Alert tone="error">{errorMessage(roles.error)}</Alert>}
      <TableToolbar table="roles" search={search} columns={COLUMNS} />
      <DataTable
        shownColumns={search.columns}
        caption="Roles"
        columns={COLUMNS}
        rows={roles.data?.data ?? []}
        meta={roles.data?.meta}
        sort={search.sort}
        order={search.order}
        onSort={search.toggleSort}
        onPage={search.setPage}
        loading={roles.isFetching}
        rowKey={(row) => row.id}
        rowHref={(row) => `/admin/roles/${row.id}`}
        empty={
          <SearchEmpty
            filtered={Object.keys(search.filter).length > 0}
            noMatch="No role matches this search."
            none="There are no roles yet."
            onClear={search.reset}
          />
        }
      />
    </div>
  );
}
