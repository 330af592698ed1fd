import { useState, type FormEvent } from 'react';
import { addRentersInsured, removeRentersInsured } from '../../../api/calls/rentersPolicyRecord';
import { errorMessage } from '../../../api/httpErrors';
import {
  RENTERS_MAX_ADDITIONAL_INSUREDS,
  type RentersAdditionalInsured,
  type RentersPolicyRecord,
} from '../../../api/schemas/rentersPolicyRecord';
import { Alert } from '../../../ui/feedback/Alert';
import { ConfirmDialog } from '../../../ui/feedback/ConfirmDialog';
import { Button } from '../../../ui/forms/Button';
import { TextField } from '../../../ui/forms/TextField';
import { useUnsavedGuard } from '../../../ui/forms/unsavedChanges';
import { formatPhone } from '../../../ui/format';
import { Panel } from '../../../ui/Panel';
import { rentersFieldErrors } from './rentersFormErrors';
import { useRentersEdit } from './useRentersEdit';

const EMPTY = { name_first: '', name_last: '', email: '', phone: '' };

// The policy's additional insureds (SPEC §3): listed, added and deleted (after a confirmation) by users
// with renters_addl_ins_add; at most five.
export function RentersInsuredsPanel({ record, canEdit }: { record: RentersPolicyRecord; canEdit: boolean }) {
  const [draft, setDraft] = useState(EMPTY);
  const [notice, setNotice] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<RentersAdditionalInsured | null>(null);
  // A half-typed insured is lost by leaving the screen: ask first.
  useUnsavedGuard(Object.values(draft).some((value) => value.trim() !== ''));
  const add = useRentersEdit(
    record.id,
    () =>
      addRentersInsured(record.id, {
        name_first: draft.name_first,
        name_last: draft.name_last,
        email: draft.email.trim() || null,
        phone: draft.phone.trim() || null,
      }),
    () => {
      setNotice(`${draft.name_first.trim()} ${draft.name_last.trim()} was added.`);
      setDraft(EMPTY);
    },
  );
  const remove = useRentersEdit(
    record.id,
    (insured: RentersAdditionalInsured) => removeRentersInsured(record.id, insured.id),
    () => {
      setNotice(deleting ? `${deleting.firstName} ${deleting.lastName} was removed.` : null);
      setDeleting(null);
    },
  );
  const errors = rentersFieldErrors(add.error);
  const full = record.additionalInsureds.length >= RENTERS_MAX_ADDITIONAL_INSUREDS;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    add.mutate(undefined);
  };
  const field = (name: keyof typeof EMPTY, label: string, type = 'text') => (
    <TextField
      label={label}
      name={name}
      type={type}
      value={draft[name]}
      errors={errors[name]}
      onChange={(event) => setDraft((d) => ({ ...d, [name]: event.target.value }))}
    />
  );

  return (
    <Panel title="Additional insureds">
      {record.additionalInsureds.length === 0 ? (
        <p className="text-sm text-slate-500">No additional insureds on this policy.</p>
      ) : (
        <ul aria-label="Additional insureds" className="divide-y divide-slate-100">
          {record.additionalInsureds.map((insured) => (
            <li key={insured.id} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm">
              <span>
                <span className="font-medium text-slate-900">
                  {insured.firstName} {insured.lastName}
                </span>
                <span className="text-slate-500">
                  {' '}
                  {[insured.email, insured.phone && formatPhone(insured.phone)].filter(Boolean).join(' · ')}
                </span>
              </span>
              {canEdit && (
                <Button
                  variant="secondary"
                  className="text-red-700"
                  aria-label={`Delete ${insured.firstName} ${insured.lastName}`}
                  onClick={() => {
                    setNotice(null);
                    remove.reset();
                    setDeleting(insured);
                  }}
                >
                  Delete
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {notice && (
        <div className="mt-3">
          <Alert tone="success">{notice}</Alert>
        </div>
      )}
      {canEdit && !full && (
        <form aria-label="Add an additional insured" noValidate onSubmit={submit} className="mt-4 space-y-3">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {field('name_first', 'First name')}
            {field('name_last', 'Last name')}
            {field('email', 'Email', 'email')}
            {field('phone', 'Phone', 'tel')}
          </div>
          {add.isError &&
            (errors.form ? (
              <Alert tone="error">{errors.form.join(' ')}</Alert>
            ) : (
              !Object.keys(errors).length && <Alert tone="error">{errorMessage(add.error)}</Alert>
            ))}
          <Button type="submit" busy={add.isPending}>
            Add insured
          </Button>
        </form>
      )}
      {canEdit && full && (
        <p className="mt-3 text-sm text-slate-500">
          A policy names at most {RENTERS_MAX_ADDITIONAL_INSUREDS} additional insureds.
        </p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete additional insured"
        confirmLabel="Delete insured"
        danger
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        {deleting && `${deleting.firstName} ${deleting.lastName} will no longer be insured by this policy.`}
      </ConfirmDialog>
    </Panel>
  );
}
