import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useBusinessToday } from '../../../api/calls/calendar';
import { cancelPolicy, policyKeys, type CancelReason, type CancelRequest } from '../../../api/calls/policies';
import { ApiError, errorMessage, fieldErrorsOf } from '../../../api/httpErrors';
import { CANCEL_REASONS, type CancelResult, type PolicyView } from '../../../api/schemas/policies';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/forms/Button';
import { CheckboxField } from '../../../ui/forms/CheckboxField';
import { SelectField } from '../../../ui/forms/SelectField';
import { TextAreaField } from '../../../ui/forms/TextAreaField';
import { TextField } from '../../../ui/forms/TextField';
import { formatCode, formatDate, formatMoney } from '../../../ui/format';
import { withinTerm } from '../../../calendar';
import { FormDialog } from '../../../ui/forms/FormDialog';
import { useGuardedClose } from '../../../ui/forms/useGuardedClose';
import { Facts } from '../../../ui/Panel';

export interface CancelPolicyDialogProps {
  policy: PolicyView;
  open: boolean;
  onClose(): void;
  onCancelled(message: string): void;
}

const REASON_OPTIONS = CANCEL_REASONS.map((value) => ({ value, label: formatCode(value) }));

// Cancellation in two steps: the server previews the cancel date and refund (changing nothing), then the
// agent confirms and commits exactly what was previewed, with the preview's token. Any change to the form
// asks for a new preview; so does a commit the server refuses for its preview (expired, or the policy changed).
export function CancelPolicyDialog({ policy, open, onClose, onCancelled }: CancelPolicyDialogProps) {
  const queryClient = useQueryClient();
  const { effectiveDate, expirationDate } = policy.summary;
  const today = useBusinessToday();
  // The form as it opened (today within the term, the customer's request, no note): anything else is the
  // agent's, asked about before closing throws it away.
  const [opened] = useState(() => ({
    cancelDate: withinTerm(today, effectiveDate, expirationDate),
    reason: 'CUSTOMER_REQUEST' as CancelReason,
    note: '',
  }));
  const [cancelDate, setCancelDate] = useState(opened.cancelDate);
  const [reason, setReason] = useState<CancelReason>(opened.reason);
  const [note, setNote] = useState(opened.note);
  const [preview, setPreview] = useState<CancelResult | null>(null);
  const [confirmed, setConfirmed] = useState(false);

  // A commit presents the token the server signed for the preview on screen (docs/decisions/013).
  const request = (commit: boolean): CancelRequest => ({
    cancelDate,
    reason,
    ...(note.trim() ? { note: note.trim() } : {}),
    commit,
    ...(commit && preview?.previewToken ? { previewToken: preview.previewToken } : {}),
  });

  const run = useMutation({
    mutationFn: (commit: boolean) => cancelPolicy(policy.matterId, request(commit)),
    onSuccess: async (result) => {
      if (!result.committed) {
        setPreview(result);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: policyKeys.all });
      onCancelled(
        `Policy ${result.policyNumber} is cancelled effective ${formatDate(result.cancelEffectiveDate)}; ${moneyOutcome(result)}`,
      );
    },
    // A commit the server refused (its preview expired, or the policy changed since) is previewed again,
    // not sent again; one that got no answer keeps its preview and may be sent again.
    onError: (error, commit) => {
      if (!commit || !(error instanceof ApiError)) return;
      setPreview(null);
      setConfirmed(false);
    },
  });
  const errors = fieldErrorsOf(run.error);
  const generalError = run.isError && Object.keys(errors).length === 0;

  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPreview(null);
      setConfirmed(false);
      run.reset();
    };

  const guard = useGuardedClose(
    cancelDate !== opened.cancelDate || reason !== opened.reason || note !== opened.note,
    onClose,
  );

  const submit = () => {
    if (!preview) run.mutate(false);
    else if (confirmed) run.mutate(true);
  };

  return (
    <FormDialog
      open={open}
      title={`Cancel policy ${policy.summary.policyNumber}`}
      busy={run.isPending}
      onSubmit={submit}
      onClose={guard.requestClose}
      footer={
        <>
          <Button variant="secondary" onClick={guard.requestClose} disabled={run.isPending}>
            Close
          </Button>
          {preview ? (
            <Button
              type="submit"
              busy={run.isPending}
              disabled={!confirmed}
              className="bg-red-600! hover:bg-red-500! focus-visible:outline-red-600! disabled:bg-red-300!"
            >
              Commit cancellation
            </Button>
          ) : (
            <Button type="submit" busy={run.isPending}>
              Preview cancellation
            </Button>
          )}
        </>
      }
    >
      {generalError && <Alert tone="error">{errorMessage(run.error)}</Alert>}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Cancel date"
          name="cancelDate"
          type="date"
          value={cancelDate}
          errors={errors.cancelDate}
          min={effectiveDate}
          max={expirationDate}
          onChange={(event) => edited(setCancelDate)(event.target.value)}
        />
        <SelectField
          label="Reason"
          name="reason"
          options={REASON_OPTIONS}
          value={reason}
          errors={errors.reason}
          onChange={(event) => edited(setReason)(event.target.value as CancelReason)}
        />
      </div>
      <TextAreaField
        label="Note"
        name="note"
        value={note}
        errors={errors.note}
        hint="Optional; kept with the cancellation."
        onChange={(event) => edited(setNote)(event.target.value)}
      />
      {preview && (
        <section
          aria-label="Cancellation preview"
          className="rounded-md border border-amber-200 bg-amber-50 p-4"
        >
          <p className="mb-3 text-sm font-semibold text-amber-900">Preview: nothing has changed yet.</p>
          <Facts
            facts={[
              ['Cancel effective', formatDate(preview.cancelEffectiveDate)],
              ['Flat cancel', preview.flatCancel ? 'Yes (from inception, full refund)' : 'No'],
              ['Days in force', `${preview.daysInForce} of ${preview.termDays}`],
              ['Annual premium', formatMoney(preview.annualPremium)],
              ['Collected', formatMoney(preview.collected)],
              ['Earned premium', formatMoney(preview.earnedPremium)],
              preview.balanceDue > 0
                ? ['Balance due', <strong key="due">{formatMoney(preview.balanceDue)}</strong>]
                : ['Refund', <strong key="refund">{formatMoney(preview.refund)}</strong>],
            ]}
          />
          <div className="mt-4">
            <CheckboxField
              label={
                preview.balanceDue > 0
                  ? `Cancel this policy effective ${formatDate(preview.cancelEffectiveDate)} and bill the balance due of ${formatMoney(preview.balanceDue)}`
                  : `Cancel this policy effective ${formatDate(preview.cancelEffectiveDate)} and refund ${formatMoney(preview.refund)}`
              }
              name="confirm"
              checked={confirmed}
              onChange={(event) => setConfirmed(event.target.checked)}
            />
          </div>
        </section>
      )}
      {guard.confirmation}
    </FormDialog>
  );
}

// What a commit did with the money, as the payment service answered: never a refund it did not make.
function moneyOutcome(result: CancelResult): string {
  const refund = result.refundOutcome;
  if (result.balanceDue > 0) return `a balance due of ${formatMoney(result.balanceDue)} is billed.`;
  if (!refund) return 'nothing is refunded.';
  if (refund.status === 'done') return `${formatMoney(refund.amount)} refunded.`;
  if (refund.status === 'pending') return `a refund of ${formatMoney(refund.amount)} is pending.`;
  return `the refund of ${formatMoney(refund.amount)} failed: ${refund.reason ?? 'no reason given'}. Accounting can retry it.`;
}
