import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { MessageResponse } from '../schemas/auth';
import {
  TableViewListResponse,
  TableViewResponse,
  type TableKey,
  type TableViewListResponse as TableViewList,
  type TableView,
  type TableViewCreateRequest,
  type TableViewUpdateRequest,
} from '../schemas/tableViews';

// Saved views of the search tables (/v2/my/table-views, docs/decisions/011): the caller's own and those
// shared with their roles. Every key starts with 'table-views', so a write refreshes every table's list.
export const TABLE_VIEWS_KEY = ['table-views'] as const;

export async function fetchTableViews(table: TableKey, signal?: AbortSignal): Promise<TableViewList> {
  return TableViewListResponse.parse(await apiRequest('/v2/my/table-views', { query: { table }, signal }));
}

export const tableViewsQuery = (table: TableKey) =>
  queryOptions({
    queryKey: [...TABLE_VIEWS_KEY, table],
    queryFn: ({ signal }) => fetchTableViews(table, signal),
  });

export async function createTableView(body: TableViewCreateRequest): Promise<TableView> {
  return TableViewResponse.parse(await apiRequest('/v2/my/table-views', { method: 'POST', body })).data;
}

export async function updateTableView(id: number, body: TableViewUpdateRequest): Promise<TableView> {
  return TableViewResponse.parse(await apiRequest(`/v2/my/table-views/${id}`, { method: 'PATCH', body }))
    .data;
}

export async function deleteTableView(id: number): Promise<string> {
  return MessageResponse.parse(await apiRequest(`/v2/my/table-views/${id}`, { method: 'DELETE' })).message;
}
