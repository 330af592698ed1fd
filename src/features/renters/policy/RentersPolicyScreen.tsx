import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { agentOnly, anyOf, authenticated } from '../../../api/access';
import {
  addRentersNote,
  downloadRentersDocument,
  downloadRentersReceipt,
  rentersDocumentsQuery,
  rentersNotesQuery,
  rentersPolicyRecordKeys,
  rentersPolicyRecordQuery,
} from '../../../api/calls/rentersPolicyRecord';
import {
  RENTERS_ADDRESS_PRIVILEGES,
  type RentersAddressTypeCode,
  type RentersPolicyRecord,
} from '../../../api/schemas/rentersPolicyRecord';
import type { RentersPolicyState } from '../../../machines/rentersPolicyStatus';
import { Alert } from '../../../ui/feedback/Alert';
import { formatMoney } from '../../../ui/format';
import { renewsOn } from '../../../ui/policy/policyDateLabels';
import { useFileDownloads } from '../../../ui/feedback/useFileDownloads';
import { Button } from '../../../ui/forms/Button';
import { Tabs } from '../../../ui/layouts/Tabs';
import { PageHeader } from '../../../ui/PageHeader';
import { useAccess } from '../../../ui/useAccess';
import { DocumentsTab } from '../../../ui/policy/DocumentsTab';
import { MatterSwitcher } from '../../../ui/policy/MatterSwitcher';
import { NotesTab } from '../../../ui/policy/NotesTab';
import { PolicyLoadError } from '../../../ui/policy/PolicyLoadError';
import { PolicyTermLine } from '../../../ui/policy/PolicyTermLine';
import { RentersPolicyChanges } from './changes/RentersPolicyChanges';
import { RentersPaymentMethodPanel } from './paymentMethod/RentersPaymentMethodPanel';
import { RentersAddressConfirm } from './RentersAddressConfirm';
import { RentersAddressDialog } from './RentersAddressDialog';
import { RentersContactDialog } from './RentersContactDialog';
import { RentersCustomerDialog } from './RentersCustomerDialog';
import { RentersFlagBadges, RentersStatusBadge, rentersDateLabel } from './RentersFlagBadges';
import { RentersInsuredsPanel } from './RentersInsuredsPanel';
import { RentersPolicyCards } from './RentersPolicyCards';
import { rentersFieldErrors } from './rentersFormErrors';
import { RentersEventsTab, RentersPaymentsTab } from './RentersPolicyLists';
import { RentersTermsPanel, RentersTransactionsPanel } from './RentersTermsAndTransactions';
import { RentersRewriteAction } from './rewrite/RentersRewriteAction';
import { RecordSkeleton } from '../../../ui/feedback/RecordSkeleton';

// /renters/customers/{customerId}/policies/{matterId}: the renters policy edit screen (SPEC §3 "Renters
// policy record as shown on screen"). Viewing needs renters_policy_ax (the route guard checked it); each edit
// button shows only with its own privilege, which the server checks again.
export function RentersPolicyScreen() {
  const params = useParams();
  const customerId = Number(params.customerId);
  const matterId = Number(params.matterId);
  // Another matter starts afresh: notices, dialogs and tab state belong to one policy.
  return <RentersPolicyLoader key={matterId} customerId={customerId} matterId={matterId} />;
}

function RentersPolicyLoader({ customerId, matterId }: { customerId: number; matterId: number }) {
  const record = useQuery(rentersPolicyRecordQuery(customerId, matterId));
  if (record.isError) {
    return (
      <PolicyLoadError
        error={record.error}
        missing="No renters policy you may see has this customer and matter id."
        back={{ to: '/renters/policies', label: 'Back to renters policies' }}
      />
    );
  }
  if (!record.data) return <RecordSkeleton label="Loading the policy…" />;
  return <RentersPolicyView record={record.data} />;
}

type Dialog =
  { kind: 'customer' } | { kind: 'contact' } | { kind: 'address'; type: RentersAddressTypeCode } | null;

function RentersPolicyView({ record }: { record: RentersPolicyRecord }) {
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const receipt = useFileDownloads();
  const { summary, policyholder } = record;
  const number = summary.policyNumber;
  const invalidate = () =>
    void queryClient.invalidateQueries({ queryKey: rentersPolicyRecordKeys.record(record.id) });
  const allowed = (privilege: string) => can(anyOf('renters_policy_ax')) && can(anyOf(privilege));
  // Staff (administrators, internal agents, root) may keep a note to themselves; an agency's user may not.
  const staff = !can(agentOnly(authenticated));

  const open = (next: Dialog) => {
    setNotice(null);
    setRefusal(null);
    setDialog(next);
  };
  const done = (message: string) => {
    setDialog(null);
    setRefusal(null);
    setNotice(message);
  };
  const editButton = (label: string, privilege: string, next: Dialog) =>
    allowed(privilege) && (
      <Button variant="secondary" className="px-3 py-1 text-xs" aria-label={label} onClick={() => open(next)}>
        Edit
      </Button>
    );
  // Confirming an address takes the privilege of changing it.
  const addressButton = (type: RentersAddressTypeCode, label: string) =>
    allowed(RENTERS_ADDRESS_PRIVILEGES[type]) && (
      <div className="flex items-center gap-2">
        <RentersAddressConfirm
          record={record}
          addressType={type}
          onConfirmed={done}
          onRefused={(message) => {
            setNotice(null);
            setRefusal(message);
          }}
        />
        {editButton(label, RENTERS_ADDRESS_PRIVILEGES[type], { kind: 'address', type })}
      </div>
    );

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={`Policy ${number}`}
        back={{ to: '/renters/policies', label: 'Renters policies' }}
        description={
          <PolicyTermLine
            status={<RentersStatusBadge statusCode={summary.statusCode} label={rentersDateLabel(record)} />}
            insured={`${policyholder.firstName} ${policyholder.lastName}`}
            effectiveDate={summary.effectiveDate}
            expirationDate={summary.expirationDate}
          />
        }
        actions={
          <>
            <Button
              variant="secondary"
              busy={receipt.running === 'receipt'}
              onClick={() =>
                void receipt.download('receipt', 'The receipt could not be downloaded.', () =>
                  downloadRentersReceipt(number),
                )
              }
            >
              Download receipt
            </Button>
            <RentersPolicyChanges
              matterId={record.id}
              policyNumber={number}
              policyVersion={record.policyVersion}
              machineState={record.machineState as RentersPolicyState}
              canBeFlatCancelled={record.canBeFlatCancelled}
              canBeDiscontinued={record.canBeDiscontinued}
              canBeReinstated={record.canBeReinstated}
              onChanged={invalidate}
            />
            <RentersRewriteAction
              matterId={record.id}
              policyNumber={number}
              statusCode={summary.statusCode}
              nonRenew={summary.nonRenew}
              rewrittenAs={record.rewrittenAs}
              rewriteOf={record.rewriteOf}
            />
          </>
        }
      />
      {record.renewalOffer && (
        <div className="mb-4">
          <Alert>
            {renewsOn(record.renewalOffer.effectiveDate, record.renewalOffer.termPremium)} (
            {formatMoney(record.renewalOffer.total)} with taxes and fees).
          </Alert>
        </div>
      )}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <RentersFlagBadges record={record} />
        <MatterSwitcher
          label="The customer's renters policies"
          matterId={record.id}
          customerMatterIds={record.matterIds}
          query={(id) => rentersPolicyRecordQuery(policyholder.customerId, id)}
          nameOf={(other) => other.summary.policyNumber}
          linkTo={(id) => `/renters/customers/${policyholder.customerId}/policies/${id}`}
        />
      </div>
      {[
        notice && { tone: 'success' as const, text: notice },
        refusal && { tone: 'error' as const, text: refusal },
        receipt.notice,
      ].map(
        (n) =>
          n && (
            <div key={n.text} className="mb-4">
              <Alert tone={n.tone}>{n.text}</Alert>
            </div>
          ),
      )}
      <RentersPolicyCards
        record={record}
        policyholderActions={editButton('Edit policyholder name and email', 'renters_phone_edit', {
          kind: 'customer',
        })}
        contactActions={editButton('Edit primary contact', 'renters_phone_edit', { kind: 'contact' })}
        mailingActions={addressButton('MAILING', 'Edit mailing address')}
        propertyActions={addressButton('PROPERTY', 'Edit property address')}
        interestedPartyActions={addressButton('INTPARTY', 'Edit interested party')}
      />
      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
        <RentersInsuredsPanel record={record} canEdit={allowed('renters_addl_ins_add')} />
        <RentersPaymentMethodPanel
          customerId={policyholder.customerId}
          matterId={record.id}
          policyNumber={number}
          onChanged={invalidate}
        />
      </div>
      <div className="mt-4 space-y-4">
        <RentersTermsPanel matterId={record.id} />
        <RentersTransactionsPanel matterId={record.id} />
      </div>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <Tabs
          label="Policy matters"
          tabs={[
            {
              id: 'notes',
              label: 'Notes',
              content: (
                <NotesTab
                  query={(page) => rentersNotesQuery(record.id, page)}
                  add={(note, choices) => addRentersNote(record.id, note, choices)}
                  refreshKey={rentersPolicyRecordKeys.record(record.id)}
                  fieldErrors={rentersFieldErrors}
                  choices={{ internal: staff }}
                />
              ),
            },
            {
              id: 'documents',
              label: 'Documents',
              content: (
                <DocumentsTab
                  query={rentersDocumentsQuery(record.id)}
                  download={(document) => downloadRentersDocument(record.id, document)}
                  empty="No documents yet. The payment receipt can be downloaded from the top of the page."
                />
              ),
            },
            { id: 'events', label: 'Events', content: <RentersEventsTab matterId={record.id} /> },
            { id: 'payments', label: 'Payments', content: <RentersPaymentsTab matterId={record.id} /> },
          ]}
        />
      </div>
      {dialog?.kind === 'customer' && (
        <RentersCustomerDialog record={record} onClose={() => setDialog(null)} onSaved={done} />
      )}
      {dialog?.kind === 'contact' && (
        <RentersContactDialog record={record} onClose={() => setDialog(null)} onSaved={done} />
      )}
      {dialog?.kind === 'address' && (
        <RentersAddressDialog
          record={record}
          addressType={dialog.type}
          onClose={() => setDialog(null)}
          onSaved={done}
        />
      )}
    </div>
  );
}
