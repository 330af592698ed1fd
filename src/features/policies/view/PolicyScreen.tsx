import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { anyOf } from '../../../api/access';
import { policyKeys } from '../../../api/calls/policies';
import { addNote, documentsQuery, downloadDocument, notesQuery } from '../../../api/calls/policyMatters';
import type { PolicyView } from '../../../api/schemas/policies';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/forms/Button';
import { Tabs } from '../../../ui/layouts/Tabs';
import { PageHeader } from '../../../ui/PageHeader';
import { useAccess } from '../../../ui/useAccess';
import { CancelPolicyDialog } from './CancelPolicyDialog';
import { ClaimsTab } from './ClaimsTab';
import { DocumentsTab } from '../../../ui/policy/DocumentsTab';
import { EditPolicyholderDialog } from './EditPolicyholderDialog';
import { EventsTab } from './EventsTab';
import { FilesTab } from './FilesTab';
import { formatDate } from '../../../ui/format';
import { MatterLinks } from '../../../ui/policy/MatterSwitcher';
import { NotesTab } from '../../../ui/policy/NotesTab';
import { PaymentsTab } from './PaymentsTab';
import { PolicyCards } from './PolicyCards';
import { PolicyLoadError } from '../../../ui/policy/PolicyLoadError';
import { PolicyStatusBadge } from './PolicyStatusBadge';
import { cancelsOn, renewsOn } from '../../../ui/policy/policyDateLabels';
import { FIRST_TAB, screenPolicyQuery } from './policyScreenData';
import { PolicyTermLine } from '../../../ui/policy/PolicyTermLine';
import { RatesTab } from './RatesTab';
import { RecordSkeleton } from '../../../ui/feedback/RecordSkeleton';

// The privilege of everything on this screen (SPEC §6 "Pet policies: quote_policy (search and edit)").
const POLICY_ACCESS = anyOf('quote_policy');

// /policies/{matterId}: a pet policy's 360 view in its current term (SPEC §3 "Policy detail", §9), with its
// matters in tabs. The route guard already refused ids that are not whole numbers.
export function PolicyScreen() {
  const matterId = Number(useParams().matterId);
  // Another matter starts afresh: notices, dialogs and tab state belong to one policy.
  return <PolicyLoader key={matterId} matterId={matterId} />;
}

function PolicyLoader({ matterId }: { matterId: number }) {
  const policy = useQuery(screenPolicyQuery(matterId));
  if (policy.isError) {
    return (
      <PolicyLoadError
        error={policy.error}
        missing="No policy you may see has this matter id."
        back={{ to: '/policies', label: 'Back to policies' }}
      />
    );
  }
  if (!policy.data) return <RecordSkeleton label="Loading the policy…" />;
  return <PolicyRecord policy={policy.data} />;
}

function PolicyRecord({ policy }: { policy: PolicyView }) {
  const { can } = useAccess();
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'edit' | 'cancel' | null>(null);
  const allowed = can(POLICY_ACCESS);
  const canEdit = allowed && policy.can.edit;
  const canCancel = allowed && policy.can.cancel;
  const { matterId, summary, pet, policyholder } = policy;
  const number = summary.policyNumber;

  const done = (message: string) => {
    setDialog(null);
    setNotice(message);
  };

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={`Policy ${number}`}
        back={{ to: '/policies', label: 'Policies' }}
        description={
          <PolicyTermLine
            status={
              <PolicyStatusBadge
                status={summary.status}
                label={
                  summary.cancellationPending && summary.cancellationEffectiveDate
                    ? cancelsOn(summary.cancellationEffectiveDate)
                    : null
                }
              />
            }
            insured={`${pet.name} · ${policyholder.firstName} ${policyholder.lastName}`}
            effectiveDate={summary.effectiveDate}
            expirationDate={summary.expirationDate}
          />
        }
        actions={
          canCancel && (
            <Button
              variant="secondary"
              className="text-red-700"
              onClick={() => {
                setNotice(null);
                setDialog('cancel');
              }}
            >
              Cancel policy
            </Button>
          )
        }
      />
      <MatterLinks
        label="The customer's policies"
        className="mb-5"
        matterId={matterId}
        matters={policy.customerPolicies.map((p) => ({
          matterId: p.matterId,
          name: `${p.petName} · ${p.policyNumber}`,
        }))}
        linkTo={(id) => `/policies/${id}`}
      />
      {notice && (
        <div className="mb-4">
          <Alert tone="success">{notice}</Alert>
        </div>
      )}
      {summary.cancellationEffectiveDate && (
        <div className="mb-4">
          <Alert>
            {!summary.cancellationPending
              ? `This policy was cancelled effective ${formatDate(summary.cancellationEffectiveDate)}.`
              : `This policy is set to cancel on ${formatDate(summary.cancellationEffectiveDate)} and stays in force until then.`}
          </Alert>
        </div>
      )}
      {policy.renewal && (
        <div className="mb-4">
          <Alert>
            {renewsOn(policy.renewal.effectiveDate, policy.renewal.annualPremium)}, to{' '}
            {formatDate(policy.renewal.expirationDate)}.
          </Alert>
        </div>
      )}
      <PolicyCards
        policy={policy}
        policyholderActions={
          canEdit && (
            <Button
              variant="secondary"
              onClick={() => {
                setNotice(null);
                setDialog('edit');
              }}
            >
              Edit policyholder
            </Button>
          )
        }
      />
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <Tabs
          label="Policy matters"
          tabs={[
            { id: FIRST_TAB, label: 'Claims', content: <ClaimsTab matterId={matterId} /> },
            {
              id: 'documents',
              label: 'Documents',
              content: (
                <DocumentsTab
                  query={documentsQuery(matterId, number)}
                  download={(document) => downloadDocument(matterId, document)}
                  empty="No documents yet. The declaration appears here once the policy is issued."
                />
              ),
            },
            { id: 'files', label: 'Files', content: <FilesTab matterId={matterId} /> },
            {
              id: 'events',
              label: 'Events',
              content: <EventsTab matterId={matterId} policyNumber={number} />,
            },
            {
              id: 'notes',
              label: 'Notes',
              content: (
                <NotesTab
                  query={(page) => notesQuery(matterId, page)}
                  add={(note) => addNote(matterId, note)}
                  refreshKey={policyKeys.matter(matterId)}
                />
              ),
            },
            {
              id: 'payments',
              label: 'Payments',
              content: <PaymentsTab matterId={matterId} policyNumber={number} />,
            },
            { id: 'rates', label: 'Rates', content: <RatesTab matterId={matterId} policyNumber={number} /> },
          ]}
        />
      </div>
      {dialog === 'edit' && (
        <EditPolicyholderDialog policy={policy} open onClose={() => setDialog(null)} onSaved={done} />
      )}
      {dialog === 'cancel' && (
        <CancelPolicyDialog policy={policy} open onClose={() => setDialog(null)} onCancelled={done} />
      )}
    </div>
  );
}
