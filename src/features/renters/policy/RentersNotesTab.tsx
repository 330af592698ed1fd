import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  addRentersNote,
  rentersNotesQuery,
  rentersPolicyRecordKeys,
} from '../../../api/calls/rentersPolicyRecord';
import { errorMessage } from '../../../api/httpErrors';
import { Alert } from '../../../ui/feedback/Alert';
import { Spinner } from '../../../ui/feedback/Spinner';
import { Button } from '../../../ui/forms/Button';
import { TextAreaField } from '../../../ui/forms/TextAreaField';
import { Pagination } from '../../../ui/table/Pagination';
import { formatDateTime } from '../../policies/view/format';
import { Panel } from '../../policies/view/Panel';
import { rentersFieldErrors } from './rentersFormErrors';

const NOTE_MAX = 2000;

// The policy's notes, newest first, and a form to add one (each note is an event of the policy too).
export function RentersNotesTab({ matterId }: { matterId: number }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState('');
  const [added, setAdded] = useState(false);
  const notes = useQuery(rentersNotesQuery(matterId, page));
  const save = useMutation({
    mutationFn: (note: string) => addRentersNote(matterId, note),
    onMutate: () => setAdded(false),
    onSuccess: async () => {
      setDraft('');
      setPage(1);
      setAdded(true);
      await queryClient.invalidateQueries({ queryKey: rentersPolicyRecordKeys.record(matterId) });
    },
  });
  const errors = rentersFieldErrors(save.error);
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
