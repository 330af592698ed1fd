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
import { SelectField } from '../forms/SelectField';
import { TextAreaField } from '../forms/TextAreaField';
import { useUnsavedGuard } from '../forms/unsavedChanges';
import { Pagination } from '../table/Pagination';
import { formatDateTime } from '../format';
import { Panel } from '../Panel';

const NOTE_MAX = 2000;

// A renters note also has a priority and says who may read it (SPEC §3 Note); a pet note has neither.
export type NotePriority = 'NORMAL' | 'HIGH';
export type NoteVisibility = 'AGENT' | 'INTERNAL';
export type ShownNote = PolicyNote & { priority?: NotePriority; visibility?: NoteVisibility };
export interface NoteChoices {
  priority: NotePriority;
  visibility: NoteVisibility;
}

const PRIORITY_OPTIONS = [
  { value: 'NORMAL', label: 'Normal' },
  { value: 'HIGH', label: 'High' },
] as const;
const VISIBILITY_OPTIONS = [
  { value: 'AGENT', label: 'The agency and staff' },
  { value: 'INTERNAL', label: 'Staff only' },
] as const;
const VISIBILITY_WORDS: Record<NoteVisibility, string> = {
  AGENT: 'Seen by the agency and staff',
  INTERNAL: 'Staff only',
};

interface NotesPage {
  data: ShownNote[];
  meta: PageMeta;
}

export interface NotesTabProps<K extends QueryKey> {
  // One page of the policy's notes (pet and renters policies answer the same page from their own paths).
  query(page: number): UseQueryOptions<NotesPage, Error, NotesPage, K>;
  add(note: string, choices: NoteChoices): Promise<unknown>;
  // The line's notes take a priority; `internal` offers the staff-only visibility (the server refuses it to
  // an agency's user).
  choices?: { internal: boolean };
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
  choices,
}: NotesTabProps<K>) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState('');
  const [priority, setPriority] = useState<NotePriority>('NORMAL');
  const [visibility, setVisibility] = useState<NoteVisibility>('AGENT');
  const [added, setAdded] = useState(false);
  const notes = useQuery(query(page));
  const save = useMutation({
    mutationFn: (note: string) => add(note, { priority, visibility }),
    onMutate: () => setAdded(false),
    onSuccess: async () => {
      setDraft('');
      // The next note starts from the defaults, so a staff-only note is never the next one by accident.
      setPriority('NORMAL');
      setVisibility('AGENT');
      setPage(1);
      setAdded(true);
      await queryClient.invalidateQueries({ queryKey: refreshKey });
    },
  });
  const errors = fieldErrors(save.error);
  const noteErrors = errors.note ?? errors.content;
  const choiceErrors = [...(errors.priority ?? []), ...(errors.visibility ?? [])];
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
            errors={noteErrors}
            hint={`${draft.length} of ${NOTE_MAX} characters`}
            onChange={(event) => setDraft(event.target.value)}
          />
          {choices && (
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField
                label="Priority"
                name="priority"
                options={PRIORITY_OPTIONS}
                value={priority}
                errors={errors.priority}
                onChange={(event) => setPriority(event.target.value as NotePriority)}
              />
              {choices.internal && (
                <SelectField
                  label="Who may read it"
                  name="visibility"
                  options={VISIBILITY_OPTIONS}
                  value={visibility}
                  errors={errors.visibility}
                  onChange={(event) => setVisibility(event.target.value as NoteVisibility)}
                />
              )}
            </div>
          )}
          {save.isError && !noteErrors && choiceErrors.length === 0 && (
            <Alert tone="error">{errorMessage(save.error)}</Alert>
          )}
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
                    {note.priority === 'NORMAL' && ' · Normal priority'}
                    {note.priority === 'HIGH' && (
                      <>
                        {' · '}
                        <strong className="font-semibold text-red-700">High priority</strong>
                      </>
                    )}
                    {note.visibility && ` · ${VISIBILITY_WORDS[note.visibility]}`}
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
