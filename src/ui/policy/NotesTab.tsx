import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrorsOf } from '../../api/httpErrors';
import type { PageMeta } from '../../api/schemas/paging';
import type { PolicyNote } from '../../api/schemas/policyMatters';
import { Alert } from '../feedback/Alert';
import { Spinner } from '../feedback/Spinner';
import { Button } from '../forms/Button';
import { TextAreaField } from '../forms/TextAreaField';
import { useUnsavedGuard } from '../forms/unsavedChanges';
import { Pagination } from '../table/Pagination';
import { formatDateTime } from '../format';
import { Panel } from '../Panel';

const NOTE_MAX = 2000;

interface NotesPage {
  data: PolicyNote[];
  meta: PageMeta;
}

export interface NotesTabProps<K extends QueryKey> {
  // One page of the policy's notes (pet and renters policies answer the same page from their own paths).
  query(page: number): UseQueryOptions<NotesPage, Error, NotesPage, K>;
  add(note: string): Promise<unknown>;
  // The policy's key: refetched after a note is added, so its events show the note too.
  refreshKey: QueryKey;
  // How the line's 422 names the note field (the renters API says "data.note").
  fieldErrors?(error: unknown): Record<string, string[]>;
}

// The policy's notes, newest first, and a form to add one (each note is also an event of the policy).
export function NotesTab<K extends QueryKey>({
  query,
  add,
  refreshKey,
  fieldErrors = fieldErrorsOf,
}: NotesTabProps<K>) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState('');
  const [added, setAdded] = useState(false);
  const notes = useQuery(query(page));
  const save = useMutation({
    mutationFn: add,
    onMutate: () => setAdded(false),
    onSuccess: async () => {
      setDraft('');
      setPage(1);
      setAdded(true);
      await queryClient.invalidateQueries({ queryKey: refreshKey });
    },
  });
  const errors = fieldErrors(save.error);
  // A note being written is work the agent would lose by leaving the policy.
  useUnsavedGuard(draft.trim() !== '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft.trim());
  };

  return (
    <div className="space-y-4">
      <Panel title="Add a note">
        <form aria-label="Add a note" noValidate onSubmit={submit} className="space-y-3">
          <TextAreaField
            label="Note"
            name="note"
            rows={3}
            maxLength={NOTE_MAX}
            value={draft}
            errors={errors.note}
            hint={`${draft.length} of ${NOTE_MAX} characters`}
            onChange={(event) => setDraft(event.target.value)}
          />
          {save.isError && !errors.note && <Alert tone="error">{errorMessage(save.error)}</Alert>}
          {added && <Alert tone="success">The note was added.</Alert>}
          <Button type="submit" busy={save.isPending} disabled={!draft.trim()}>
            Add note
          </Button>
        </form>
      </Panel>
      <Panel title="Notes">
        {notes.isError && <Alert tone="error">{errorMessage(notes.error)}</Alert>}
        {/* The note shows at the top of the list the moment it is sent, marked as saving until it is. */}
        {save.isPending && (
          <div className="border-b border-slate-100 py-3 opacity-60" data-testid="note-saving">
            <p className="whitespace-pre-wrap text-sm text-slate-900">{save.variables}</p>
            <p className="mt-1 text-xs text-slate-500" role="status">
              Saving…
            </p>
          </div>
        )}
        {!notes.data && !notes.isError && <Spinner label="Loading the notes…" />}
        {notes.data && notes.data.data.length === 0 && (
          <p className="text-sm text-slate-500">No notes yet. Notes added here are kept with the policy.</p>
        )}
        {notes.data && notes.data.data.length > 0 && (
          <>
            <ol aria-label="Notes" className="divide-y divide-slate-100">
              {notes.data.data.map((note) => (
                <li key={note.id} className="py-3">
                  <p className="whitespace-pre-wrap text-sm text-slate-900">{note.note}</p>
                  <p className="mt-1 text-xs text-slate-500">
                    {note.createdBy?.name ?? 'System'} · {formatDateTime(note.createdAt)}
                  </p>
                </li>
              ))}
            </ol>
            <Pagination meta={notes.data.meta} onPage={setPage} />
          </>
        )}
      </Panel>
    </div>
  );
}
