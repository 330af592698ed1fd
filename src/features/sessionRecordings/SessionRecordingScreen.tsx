import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { recordingEventsQuery } from '../../api/calls/sessionRecordings';
import { errorMessage } from '../../api/httpErrors';
import { formatDateTime } from '../../calendar';
import { Alert } from '../../ui/feedback/Alert';
import { RecordSkeleton } from '../../ui/feedback/RecordSkeleton';
import { formatSize } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { RecordingReplay } from './RecordingReplay';
import { recordingLength } from './recordingWords';

const BACK = { to: '/admin/session-recordings', label: 'Session recordings' };

// /admin/session-recordings/:recordingId (docs/session-recording.md): one recorded session replayed.
export function SessionRecordingScreen() {
  const recordingId = useParams().recordingId ?? '';
  const query = useQuery(recordingEventsQuery(recordingId));
  const events = useMemo(() => query.data?.chunks.flatMap((c) => c.events) ?? [], [query.data]);

  if (query.isPending) return <RecordSkeleton label="Loading the recording…" />;
  if (query.isError)
    return (
      <div className="mx-auto max-w-7xl">
        <PageHeader title="Session recording" back={BACK} />
        <Alert tone="error">{errorMessage(query.error)}</Alert>
      </div>
    );
  const { recording } = query.data;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={`Session of ${recording.user_name}`}
        back={BACK}
        description={`${recording.entity_name ?? '—'} · started ${formatDateTime(recording.started_at)} · ${recordingLength(recording)} · ${recording.event_count} events · ${formatSize(recording.size_bytes)}`}
      />
      {events.length < 2 ? (
        <Alert tone="info">This recording holds no page yet: nothing to replay.</Alert>
      ) : (
        <RecordingReplay events={events} />
      )}
    </div>
  );
}
