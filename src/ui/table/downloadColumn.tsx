import type { UseMutationResult } from '@tanstack/react-query';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { Button } from '../forms/Button';

// The last column of a table of stored files (documents, uploads): a button that downloads the row's file
// and shows as busy while that row's download runs.
export function downloadColumn<T extends { id: string; name: string }>(
  download: UseMutationResult<unknown, Error, T>,
): ColumnDef<T, unknown> {
  return createColumnHelper<T>().display({
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
  });
}
