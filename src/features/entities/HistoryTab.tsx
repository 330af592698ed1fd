import { useQuery } from '@tanstack/react-query';
import { historyQuery } from '../../api/calls/history';
import { accountManagersQuery } from '../../api/calls/entityLists';
import { attributeFormQuery } from '../../api/calls/entitySettings';
import { Alert } from '../../ui/feedback/Alert';
import { Spinner } from '../../ui/feedback/Spinner';
import { HistoryList } from '../../ui/HistoryList';
import { Card } from './Card';
import { describeEntityHistory } from './entityHistory';
import { errorMessage } from '../../api/httpErrors';

export interface HistoryTabProps {
  entityId: number;
}

// Every change to the entity from its event log: what, who, when (DESIGN.md "Event sourcing").
export function HistoryTab({ entityId }: HistoryTabProps) {
  const history = useQuery(historyQuery('entities', entityId));
  const form = useQuery(attributeFormQuery).data;
  const managers = useQuery(accountManagersQuery).data;
  if (history.error) return <Alert tone="error">{errorMessage(history.error)}</Alert>;
  if (!history.data) return <Spinner label="Loading history…" />;
  const entries = describeEntityHistory(history.data, {
    inputs: form?.flatMap((s) => s.inputs) ?? [],
    accountManagers: new Map(managers?.map((m) => [m.id, m.name])),
  });
  return (
    <Card title="History" description={`${history.data.length} recorded changes, newest first.`}>
      <HistoryList entries={entries} />
    </Card>
  );
}
