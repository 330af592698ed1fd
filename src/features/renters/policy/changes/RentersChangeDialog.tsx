import { useQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { rentersChangeReasonsQuery, requestRentersChange } from '../../../../api/calls/rentersPolicyChanges';
import { ApiError, ValidationError, errorMessage } from '../../../../api/httpErrors';
import { formValue, inputFieldOf, previewOfResult } from '../../../../api/schemas/rentersPolicyChanges';
import { createPolicyChangeMachine } from '../../../../machines/rentersPolicyChange';
import type { ChangePreview } from '../../../../machines/rentersPolicyChangeContext';
import type { RentersChangeKind, RentersPolicyState } from '../../../../machines/rentersPolicyStatus';
import { Alert } from '../../../../ui/feedback/Alert';
import { Button } from '../../../../ui/forms/Button';
import { SelectField } from '../../../../ui/forms/SelectField';
import { TextAreaField } from '../../../../ui/forms/TextAreaField';
import { TextField } from '../../../../ui/forms/TextField';
import { FormDialog } from '../../../../ui/forms/FormDialog';
import { useGuardedClose } from '../../../../ui/forms/useGuardedClose';
import { formatDate, formatMoney } from '../../../../ui/format';

export interface RentersChangeDialogProps {
  kind: RentersChangeKind;
  matterId: number;
  policyNumber: string;
  policyVersion: number;
  machineState: RentersPolicyState;
  canBeFlatCancelled: boolean;
  onClose(): void;
  onChanged(message: string): void;
}

const TITLES: Readonly<Record<RentersChangeKind, string>> = {
  cancel: 'Cancel policy',
  discontinue: 'Discontinue policy',
  reinstate: 'Reinstate policy',
};
const STATUS_NAMES: Readonly<Record<string, string>> = {
  active: 'Active',
  nonRenewing: 'Active, not renewing',
  pendingCancellation: 'Cancelled (pending until the cancel date)',
  cancelled: 'Cancelled',
};

const dollars = (cents: number) => formatMoney(cents / 100);

// "This will cancel RNT-… on … and refund $…": what the commit will do, in one sentence.
function statement(kind: RentersChangeKind, policyNumber: string, p: ChangePreview): string {
  const verb = { cancel: 'cancel', discontinue: 'not renew', reinstate: 'reinstate' }[kind];
  const money =
    p.settlement.kind === 'refund'
      ? ` and refund ${dollars(p.settlement.amountCents)}`
      : p.settlement.kind === 'charge'
        ? ` and charge ${dollars(p.settlement.amountCents)}`
        : '';
  return `This will ${verb} ${policyNumber} on ${formatDate(p.effectiveDate)}${money}.`;
}

// A 422's field messages keyed by the form's inputs; anything else under `key`.
function errorsOf(error: unknown, key: string): Record<string, string[]> {
  if (error instanceof ValidationError) {
    const out: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(error.fields)) out[inputFieldOf(field) ?? key] = messages;
    return out;
  }
  return { [key]: [errorMessage(error)] };
}

// One change flow's dialog, driven by its statechart (docs/decisions/008): the machine says what may happen
// next; this component runs the calls the machine's states ask for and reports their outcomes as events.
export function RentersChangeDialog(props: RentersChangeDialogProps) {
  const { kind, policyNumber, policyVersion } = props;
  const [machine] = useState(() => createPolicyChangeMachine(kind));
  const [snapshot, send, actor] = useMachine(machine);
  const reasons = useQuery(rentersChangeReasonsQuery());
  const state = snapshot.value;
  const { inputs, preview, errors } = snapshot.context;
  // The note as typed: the machine holds it trimmed (what the server fingerprints), and showing that would
  // swallow a space typed at the end of a word before the next one.
  const [noteTyped, setNoteTyped] = useState<string | null>(null);

  useEffect(() => {
    send({ type: 'change.opened', policyNumber, policyVersion, policyState: props.machineState });
  }, [send, policyNumber, policyVersion, props.machineState]);

  const edit = (field: string, value: string) =>
    send({ type: 'change.inputsEdited', changes: { [field]: formValue(value) } });

  const call = (commitOf?: { fingerprint: string; token: string }) =>
    requestRentersChange({
      kind,
      matterId: props.matterId,
      policyNumber,
      policyVersion,
      inputs: actor.getSnapshot().context.inputs,
      ...(commitOf !== undefined ? { commitOf } : {}),
    });

  const requestPreview = async () => {
    send({ type: 'change.previewRequested' });
    if (actor.getSnapshot().value !== 'previewing') return;
    try {
      const answer = await call();
      send({
        type: 'change.previewSucceeded',
        preview: previewOfResult(answer.data),
        previewToken: answer.data.preview_token ?? '',
      });
    } catch (error) {
      send({ type: 'change.previewFailed', errors: errorsOf(error, 'preview') });
    }
  };

  const commit = async () => {
    send({ type: 'change.commitRequested' });
    const now = actor.getSnapshot();
    const { preview: previewed, previewToken } = now.context;
    if (now.value !== 'committing' || !previewed || !previewToken) return;
    try {
      // The commit presents what the server signed for the preview (docs/decisions/013).
      const answer = await call({ fingerprint: previewed.fingerprint, token: previewToken });
      send({ type: 'change.commitSucceeded', outcome: { ...previewOfResult(answer.data), committed: true } });
      props.onChanged(
        `${statement(kind, policyNumber, previewOfResult(answer.data)).replace('This will', 'Done:')}`,
      );
    } catch (error) {
      // No answer at all: the same commit may be sent again; a refusal asks for a new preview.
      const retryable = !(error instanceof ApiError);
      const fields = errorsOf(error, 'commit');
      send({ type: 'change.commitFailed', errors: { commit: Object.values(fields).flat() }, retryable });
    }
  };

  const close = () => {
    send({ type: 'change.closed' });
    props.onClose();
  };
  // The flow opens with no inputs (and a cleared field is no input), so any input is a change of the agent's.
  const guard = useGuardedClose(Object.keys(inputs).length > 0, close);

  const submit = () => {
    if (state === 'editing' || state === 'previewFailed') void requestPreview();
    else if (state === 'previewed') send({ type: 'change.confirmRequested' });
    else if (state === 'confirming') void commit();
  };

  const options = (reasons.data ?? [])
    .filter((r) => r.scope === kind && r.is_enabled)
    .map((r) => ({ value: r.code, label: r.name }));
  const busy = state === 'previewing' || state === 'committing';
  const shownPreview = state === 'previewed' || state === 'confirming' ? preview : null;
  const refusal = errors.commit ?? errors.preview;

  return (
    <FormDialog
      open
      title={`${TITLES[kind]} ${policyNumber}`}
      busy={busy}
      onSubmit={submit}
      onClose={guard.requestClose}
      footer={
        <>
          <Button variant="secondary" onClick={guard.requestClose} disabled={busy}>
            Close
          </Button>
          {state === 'confirming' ? (
            <>
              <Button variant="secondary" onClick={() => send({ type: 'change.confirmDeclined' })}>
                Back
              </Button>
              <Button type="submit" className="bg-red-600! hover:bg-red-500!">
                Commit
              </Button>
            </>
          ) : state === 'previewed' ? (
            <Button type="submit">Confirm</Button>
          ) : state === 'committing' ? (
            <Button type="submit" busy disabled>
              Committing…
            </Button>
          ) : (
            <Button type="submit" busy={state === 'previewing'} disabled={busy}>
              Preview
            </Button>
          )}
        </>
      }
    >
      {refusal && (
        <Alert tone="error">
          {refusal.join(' ')}
          {state === 'commitFailed' && !snapshot.context.retryable && (
            <Button variant="secondary" className="ml-3" onClick={() => void requestPreview()}>
              Preview again
            </Button>
          )}
          {state === 'commitFailed' && snapshot.context.retryable && (
            <Button variant="secondary" className="ml-3" onClick={() => void commit()}>
              Try again
            </Button>
          )}
        </Alert>
      )}
      <SelectField
        label="Reason"
        name="reasonCode"
        placeholder="Choose…"
        options={options}
        value={inputs.reasonCode ?? ''}
        errors={errors.reasonCode}
        disabled={busy}
        onChange={(event) => edit('reasonCode', event.target.value)}
      />
      {kind === 'cancel' && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectField
            label="Method"
            name="cancellationMethod"
            placeholder="Choose…"
            options={[
              { value: 'PRO_RATA', label: 'Pro rata' },
              ...(props.canBeFlatCancelled ? [{ value: 'FLAT', label: 'Flat (void from the start)' }] : []),
            ]}
            value={inputs.cancellationMethod ?? ''}
            errors={errors.cancellationMethod}
            hint={props.canBeFlatCancelled ? undefined : 'Flat is only possible within the 30-day free look.'}
            disabled={busy}
            onChange={(event) =>
              send({
                type: 'change.inputsEdited',
                changes:
                  event.target.value === 'FLAT'
                    ? { cancellationMethod: 'FLAT', cancelDate: null }
                    : { cancellationMethod: formValue(event.target.value) },
              })
            }
          />
          {inputs.cancellationMethod !== 'FLAT' && (
            <TextField
              label="Cancel date"
              name="cancelDate"
              type="date"
              value={inputs.cancelDate ?? ''}
              errors={errors.cancelDate}
              disabled={busy}
              onChange={(event) => edit('cancelDate', event.target.value)}
            />
          )}
        </div>
      )}
      <TextAreaField
        label="Note"
        name="note"
        value={noteTyped ?? inputs.note ?? ''}
        errors={errors.note}
        hint="Optional; kept with the change."
        disabled={busy}
        onChange={(event) => {
          setNoteTyped(event.target.value);
          edit('note', event.target.value);
        }}
      />
      {shownPreview && (
        <section aria-label="Preview" className="rounded-md border border-amber-200 bg-amber-50 p-4 text-sm">
          <p className="mb-2 font-semibold text-amber-900">Preview: nothing has changed yet.</p>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
            <dt className="text-slate-600">Effective date</dt>
            <dd>{formatDate(shownPreview.effectiveDate)}</dd>
            <dt className="text-slate-600">
              {shownPreview.settlement.kind === 'charge' ? 'Charge' : 'Refund'}
            </dt>
            <dd>{dollars(shownPreview.settlement.amountCents)}</dd>
            <dt className="text-slate-600">Fees kept</dt>
            <dd>{dollars(shownPreview.feesCents)}</dd>
            <dt className="text-slate-600">New status</dt>
            <dd>
              {STATUS_NAMES[shownPreview.newState] ?? shownPreview.newState} ({shownPreview.newStatusCode})
            </dd>
            <dt className="text-slate-600">Commission clawback</dt>
            <dd>{dollars(shownPreview.commissionClawbackCents)}</dd>
          </dl>
          {state === 'confirming' && (
            <p role="status" className="mt-3 font-semibold text-red-800">
              {statement(kind, policyNumber, shownPreview)}
            </p>
          )}
        </section>
      )}
      {guard.confirmation}
    </FormDialog>
  );
}
