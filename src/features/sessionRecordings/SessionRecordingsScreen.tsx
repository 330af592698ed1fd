import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { RECORDINGS_PAGE_SIZE, sessionRecordingsQuery } from '../../api/calls/sessionRecordings';
import { errorMessage } from '../../api/httpErrors';
import { formatDateTime } from '../../calendar';
import { Alert } from '../../ui/feedback/Alert';
import { Spinner } from '../../ui/feedback/Spinner';
import { Button } from '../../ui/forms/Button';
import { TextField } from '../../ui/forms/TextField';
import { formatSize } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { recordingLength } from './recordingWords';

// /admin/session-recordings (docs/session-recording.md): recorded portal sessions for support, newest first,
// for root administrators; a row opens its replay.
export function SessionRecordingsScreen() {
  const [user, setUser] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery(sessionRecordingsQuery({ page, ...(user.trim() ? { user: user.trim() } : {}) }));
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const lastPage = meta ? Math.max(1, Math.ceil(meta.total / RECORDINGS_PAGE_SIZE)) : 1;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Session recordings"
        description="Portal sessions recorded for support. Inputs are masked; card and bank fields are never captured."
      />
      <div className="mt-2 flex flex-wrap items-end gap-4">
        <TextField
          label="User"
          name="user"
          placeholder="Name or e-mail"
          value={user}
          onChange={(event) => {
            setUser(event.target.value);
            setPage(1);
          }}
          className="w-72"
        />
      </div>
      <div
        role="region"
        aria-label="Session recordings"
        tabIndex={0}
        className="relative mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Session recordings</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                User
              </th>
              <th scope="col" className="px-4 py-3">
                Agency
              </th>
              <th scope="col" className="px-4 py-3">
                Started
              </th>
              <th scope="col" className="px-4 py-3">
                Length
              </th>
              <th scope="col" className="px-4 py-3">
                Events
              </th>
              <th scope="col" className="px-4 py-3">
                Size
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((recording) => (
              <tr key={recording.id}>
                <td className="px-4 py-3">
                  <Link
                    to={`/admin/session-recordings/${recording.id}`}
                    className="font-medium text-indigo-700 hover:underline"
                  >
                    {recording.user_name}
                  </Link>
                  <div className="text-xs text-slate-600">{recording.user_email ?? '—'}</div>
                </td>
                <td className="px-4 py-3 text-slate-700">{recording.entity_name ?? '—'}</td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                  {formatDateTime(recording.started_at)}
                </td>
                <td className="whitespace-nowrap px-4 py-3 tabular-nums">{recordingLength(recording)}</td>
                <td className="px-4 py-3 tabular-nums">{recording.event_count}</td>
                <td className="whitespace-nowrap px-4 py-3 tabular-nums">
                  {formatSize(recording.size_bytes)}
                </td>
              </tr>
            ))}
            {list.isSuccess && rows.length === 0 && (
              <tr>
                <td colSpan={6} className="px-4 py-8 text-center text-slate-600">
                  {user.trim() ? 'No recordings of a user matching this.' : 'No sessions recorded yet.'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
        {list.isPending && (
          <div className="p-6">
            <Spinner label="Loading the recordings…" />
          </div>
        )}
      </div>
      {list.isError && <Alert tone="error">{errorMessage(list.error)}</Alert>}
      {meta && meta.total > 0 && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-slate-700">
          <p>
            {meta.page.from}–{meta.page.to} of {meta.total}
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Button variant="secondary" disabled={page >= lastPage} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}
