import { useQuery } from '@tanstack/react-query';
import { policyEventsQuery } from '../../../api/calls/policies';
import { errorMessage } from '../../../api/httpErrors';
import { Alert } from '../../../ui/feedback/Alert';
import { Spinner } from '../../../ui/feedback/Spinner';
import { HistoryList } from '../../../ui/HistoryList';
import { eventLabels, readableEvents } from '../../../ui/policy/policyEvents';

// The policy's own event history with who and when: issue, notes, files, documents, edits, cancellation.
export function EventsTab({ matterId, policyNumber }: { matterId: number; policyNumber: string }) {
  const events = useQuery(policyEventsQuery(matterId, policyNumber));
  if (events.isError) return <Alert tone="error">{errorMessage(events.error)}</Alert>;
  if (!events.data) return <Spinner label="Loading the events…" />;
  // The server answers newest first; HistoryList takes a stream in order and shows it newest first.
  const entries = readableEvents([...events.data].reverse());
  return <HistoryList entries={entries} labels={eventLabels(entries)} />;
}
