import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useRef, useState, type FormEvent } from 'react';
import { policyKeys } from '../../../api/calls/policies';
import { attachFile, downloadMatterFile, filesQuery } from '../../../api/calls/policyMatters';
import { errorMessage, fieldErrorsOf } from '../../../api/httpErrors';
import { MAX_UPLOAD_MB, UPLOAD_CONTENT_TYPES, type MatterFile } from '../../../api/schemas/policyMatters';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/forms/Button';
import { DataTable } from '../../../ui/table/DataTable';
import { downloadColumn } from '../../../ui/table/downloadColumn';
import { formatDateTime, formatSize } from '../../../ui/format';
import { Panel } from '../../../ui/Panel';

// What the server accepts (it checks again): PDF, PNG, JPEG and plain text, at most 10 MB.
const ACCEPTED_TYPES: readonly string[] = UPLOAD_CONTENT_TYPES;
const ACCEPT = '.pdf,.png,.jpg,.jpeg,.txt,application/pdf,image/png,image/jpeg,text/plain';
const MAX_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

function problemOf(file: File | null): string | null {
  if (!file) return 'Choose a file to upload.';
  if (!ACCEPTED_TYPES.includes(file.type)) return 'Only PDF, PNG, JPEG and plain text files can be uploaded.';
  if (file.size > MAX_BYTES) return `The file is larger than ${MAX_UPLOAD_MB} MB.`;
  if (file.size === 0) return 'The file is empty.';
  return null;
}

const column = createColumnHelper<MatterFile>();

const uploaderName = (file: MatterFile): string => file.uploadedBy?.name ?? '—';

// Files agents attached to the policy's matter: upload one, download any.
export function FilesTab({ matterId }: { matterId: number }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const files = useQuery(filesQuery(matterId));
  const upload = useMutation({
    mutationFn: (file: File) => attachFile(matterId, file),
    onMutate: () => setUploaded(null),
    onSuccess: async (saved) => {
      setUploaded(`${saved.name} was uploaded.`);
      setChosen(null);
      if (input.current) input.current.value = '';
      await queryClient.invalidateQueries({ queryKey: policyKeys.matter(matterId) });
    },
  });
  const download = useMutation({ mutationFn: (f: MatterFile) => downloadMatterFile(matterId, f) });
  const serverProblem = fieldErrorsOf(upload.error).file?.join(' ');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemOf(chosen);
    setProblem(found);
    if (!found && chosen) upload.mutate(chosen);
  };

  const columns = [
    column.accessor('name', { header: 'File' }),
    column.accessor('size', { header: 'Size', cell: (c) => formatSize(c.getValue()) }),
    column.display({ id: 'uploadedBy', header: 'Uploaded by', cell: (c) => uploaderName(c.row.original) }),
    column.accessor('uploadedAt', { header: 'Uploaded', cell: (c) => formatDateTime(c.getValue()) }),
    downloadColumn(download),
  ];

  const message = problem ?? serverProblem ?? (upload.isError ? errorMessage(upload.error) : null);
  return (
    <div className="space-y-4">
      <Panel title="Upload a file">
        <form aria-label="Upload a file" noValidate onSubmit={submit} className="space-y-3">
          <div>
            <label htmlFor="policy-file" className="block text-sm font-medium text-slate-700">
              File
            </label>
            <input
              ref={input}
              id="policy-file"
              name="file"
              type="file"
              accept={ACCEPT}
              aria-describedby="policy-file-hint"
              className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100"
              onChange={(event) => {
                setChosen(event.target.files?.[0] ?? null);
                setProblem(null);
                upload.reset();
              }}
            />
            <p id="policy-file-hint" className="mt-1 text-xs text-slate-500">
              PDF, PNG, JPEG or plain text, at most {MAX_UPLOAD_MB} MB.
            </p>
          </div>
          {message && <Alert tone="error">{message}</Alert>}
          {uploaded && <Alert tone="success">{uploaded}</Alert>}
          <Button type="submit" busy={upload.isPending} disabled={!chosen}>
            Upload file
          </Button>
        </form>
      </Panel>
      {download.isError && <Alert tone="error">{errorMessage(download.error)}</Alert>}
      {files.isError ? (
        <Alert tone="error">{errorMessage(files.error)}</Alert>
      ) : (
        <DataTable
          caption="Files of the policy"
          columns={columns}
          rows={files.data ?? []}
          loading={files.isPending}
          rowKey={(f) => f.id}
          empty="No files yet. Upload one above."
        />
      )}
    </div>
  );
}
