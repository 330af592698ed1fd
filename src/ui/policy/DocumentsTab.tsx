import { useMutation, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { errorMessage } from '../../api/httpErrors';
import type { PolicyDocument } from '../../api/schemas/policyMatters';
import { Alert } from '../feedback/Alert';
import { DataTable } from '../table/DataTable';
import { downloadColumn } from '../table/downloadColumn';
import { formatCode, formatDateTime, formatSize } from '../format';

const column = createColumnHelper<PolicyDocument>();

export interface DocumentsTabProps<K extends QueryKey> {
  query: UseQueryOptions<PolicyDocument[], Error, PolicyDocument[], K>;
  download(document: PolicyDocument): Promise<unknown>;
  // What an empty list tells the user: where the line's first document comes from.
  empty: string;
}

// Documents the policy generated (declaration at issue, receipts, cancellation notice), each downloadable.
export function DocumentsTab<K extends QueryKey>({ query, download: send, empty }: DocumentsTabProps<K>) {
  const documents = useQuery(query);
  const download = useMutation({ mutationFn: send });
  const columns = [
    column.accessor('name', { header: 'Document' }),
    column.accessor('type', { header: 'Type', cell: (c) => formatCode(c.getValue()) }),
    column.accessor('size', { header: 'Size', cell: (c) => formatSize(c.getValue()) }),
    column.accessor('createdAt', { header: 'Created', cell: (c) => formatDateTime(c.getValue()) }),
    downloadColumn(download),
  ];
  if (documents.isError) return <Alert tone="error">{errorMessage(documents.error)}</Alert>;
  return (
    <div className="space-y-3">
      {download.isError && <Alert tone="error">{errorMessage(download.error)}</Alert>}
      <DataTable
        caption="Policy documents"
        columns={columns}
        rows={documents.data ?? []}
        loading={documents.isPending}
        rowKey={(d) => d.id}
        empty={empty}
      />
    </div>
  );
}
