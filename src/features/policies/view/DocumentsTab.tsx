import { useMutation, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { documentsQuery, downloadDocument } from '../../../api/calls/policyMatters';
import type { PolicyDocument } from '../../../api/schemas/policyMatters';
import { errorMessage } from '../../../api/httpErrors';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/forms/Button';
import { DataTable } from '../../../ui/table/DataTable';
import { formatCode, formatDateTime, formatSize } from './format';

const column = createColumnHelper<PolicyDocument>();

// Documents the policy generated (declaration at issue, receipts, cancellation notice), each downloadable.
export function DocumentsTab({ matterId, policyNumber }: { matterId: number; policyNumber: string }) {
  const documents = useQuery(documentsQuery(matterId, policyNumber));
  const download = useMutation({ mutationFn: (d: PolicyDocument) => downloadDocument(matterId, d) });
  const columns = [
    column.accessor('name', { header: 'Document' }),
    column.accessor('type', { header: 'Type', cell: (c) => formatCode(c.getValue()) }),
    column.accessor('size', { header: 'Size', cell: (c) => formatSize(c.getValue()) }),
    column.accessor('createdAt', { header: 'Created', cell: (c) => formatDateTime(c.getValue()) }),
    column.display({
      id: 'download',
      header: () => <span className="sr-only">Download</span>,
      cell: (c) => (
        <Button
          variant="secondary"
          aria-label={`Download ${c.row.original.name}`}
          busy={download.isPending && download.variables?.id === c.row.original.id}
          onClick={() => download.mutate(c.row.original)}
        >
          Download
        </Button>
      ),
    }),
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
        empty="No documents yet. The declaration appears here once the policy is issued."
      />
    </div>
  );
}
