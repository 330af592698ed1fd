import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { anyOf } from '../../api/access';
import { userSearchQuery } from '../../api/calls/users';
import { errorMessage } from '../../api/httpErrors';
import type { UserFilter, UserRow } from '../../api/schemas/users';
import { Alert } from '../../ui/feedback/Alert';
import { ButtonLink } from '../../ui/forms/ButtonLink';
import { PageHeader } from '../../ui/PageHeader';
import { DataTable } from '../../ui/table/DataTable';
import { SearchEmpty } from '../../ui/table/SearchEmpty';
import { TableToolbar } from '../../ui/table/TableToolbar';
import { useSearchState } from '../../ui/table/useSearchState';
import { useAccess } from '../../ui/useAccess';
import { UserFilters } from './UserFilters';
import { UserStatusBadge } from './UserStatusBadge';
import { formatPhone } from '../../ui/format';
import { formatInstantDate } from '../../calendar';

const FILTERS: readonly UserFilter[] = [
  'entityCode',
  'userName',
  'emailAddress',
  'phoneNumber',
  'roleName',
  'status',
];
const DEFAULTS = { sort: 'userName', order: 'asc' } as const;

const column = createColumnHelper<UserRow>();
// Column ids as TABLE_COLUMNS.users lists them (a unit test holds them equal).
export const COLUMNS = [
  column.accessor('name', { id: 'userName', header: 'Name', enableSorting: true }),
  column.accessor('email', { id: 'emailAddress', header: 'Email', enableSorting: true }),
  column.accessor('phone', {
    id: 'phoneNumber',
    header: 'Phone',
    enableSorting: true,
    cell: (c) => formatPhone(c.getValue(), c.row.original.ext),
  }),
  column.accessor((row) => row.entity, {
    id: 'entityCode',
    header: 'Entity',
    enableSorting: true,
    cell: (c) => (
      <span title={c.getValue().entity_name}>
        <span className="font-mono text-xs">{c.getValue().entity_code}</span>
        <span className="block max-w-[14rem] truncate text-xs text-slate-500">
          {c.getValue().entity_name}
        </span>
      </span>
    ),
  }),
  column.accessor('roles', {
    header: 'Roles',
    cell: (c) => (
      <span className="flex max-w-xs flex-wrap gap-1">
        {c.getValue().length
          ? c.getValue().map((role) => (
              <span key={role} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                {role}
              </span>
            ))
          : '—'}
      </span>
    ),
  }),
  column.accessor('is_enabled', {
    header: 'Status',
    cell: (c) => <UserStatusBadge enabled={c.getValue()} />,
  }),
  column.accessor('updated_at', {
    id: 'updatedAt',
    header: 'Last changed',
    enableSorting: true,
    cell: (c) => formatInstantDate(c.getValue()),
  }),
];

// /admin/users: user search (SPEC §3), paged and sorted by the server within the caller's entity scope.
export function UserSearchScreen() {
  const search = useSearchState(FILTERS, DEFAULTS);
  const users = useQuery(userSearchQuery(search.request));
  const { can } = useAccess();

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Users"
        description="People who sign in to the portal, their agency and their roles."
        actions={can(anyOf('admin_user_add')) && <ButtonLink to="/admin/users/add">Add user</ButtonLink>}
      />
      {/* Keyed by the URL's filters, so back and forward show the search they return to. */}
      <UserFilters key={JSON.stringify(search.filter)} initial={search.filter} onSearch={search.setFilter} />
      {users.isError && <Alert tone="error">{errorMessage(users.error)}</Alert>}
      <TableToolbar table="users" search={search} columns={COLUMNS} />
      <DataTable
        shownColumns={search.columns}
        caption="Users"
        columns={COLUMNS}
        rows={users.data?.data ?? []}
        meta={users.data?.meta}
        sort={search.sort}
        order={search.order}
        onSort={search.toggleSort}
        onPage={search.setPage}
        loading={users.isFetching}
        rowKey={(row) => row.id}
        rowHref={(row) => `/admin/users/${row.id}`}
        empty={
          <SearchEmpty
            filtered={Object.keys(search.filter).length > 0}
            noMatch="No user matches this search."
            none="There are no users you manage yet."
            onClear={search.reset}
          />
        }
      />
    </div>
  );
}
