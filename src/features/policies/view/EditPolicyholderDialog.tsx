import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  policyKeys,
  policyQuery,
  updatePolicyholder,
  type PolicyholderChange,
} from '../../../api/calls/policies';
import { fieldErrorsOf } from '../../../api/httpErrors';
import type { PolicyView } from '../../../api/schemas/policies';
import { Alert } from '../../../ui/feedback/Alert';
import { SaveErrorAlert } from '../../../ui/feedback/SaveErrorAlert';
import { boundTextField } from '../../../ui/forms/boundTextField';
import { TextAreaField } from '../../../ui/forms/TextAreaField';
import { TextField } from '../../../ui/forms/TextField';
import { FormDialog } from '../../../ui/forms/FormDialog';
import { useGuardedClose } from '../../../ui/forms/useGuardedClose';

const CONTACT_FIELDS = ['email', 'phone', 'addressLine1', 'addressLine2', 'city', 'zip'] as const;
type ContactField = (typeof CONTACT_FIELDS)[number];
type ContactValues = Record<ContactField, string>;

function contactOf(policy: PolicyView): ContactValues {
  const p = policy.policyholder;
  return {
    email: p.email,
    phone: p.phone ?? '',
    addressLine1: p.addressLine1,
    addressLine2: p.addressLine2 ?? '',
    city: p.city,
    zip: p.zip,
  };
}

export interface EditPolicyholderDialogProps {
  policy: PolicyView;
  open: boolean;
  onClose(): void;
  onSaved(message: string): void;
}

// The policyholder's contact details and mailing address. Only what changed is sent, with the reason the
// server records on the change's event; the state is the policy's and cannot change here.
export function EditPolicyholderDialog({ policy, open, onClose, onSaved }: EditPolicyholderDialogProps) {
  const queryClient = useQueryClient();
  const initial = contactOf(policy);
  const [values, setValues] = useState<ContactValues>(initial);
  const [reason, setReason] = useState('');
  const [localErrors, setLocalErrors] = useState<Record<string, string[]>>({});

  const save = useMutation({
    mutationFn: (change: PolicyholderChange) => updatePolicyholder(policy.matterId, change),
    onSuccess: async (saved) => {
      queryClient.setQueryData(policyQuery(policy.matterId).queryKey, saved);
      // The policyholder is the customer of every pet's policy, so all of them are refreshed.
      await queryClient.invalidateQueries({ queryKey: policyKeys.all });
      onSaved('The policyholder was saved.');
    },
  });
  const errors = { ...fieldErrorsOf(save.error), ...localErrors };
  const changed = CONTACT_FIELDS.filter((field) => values[field].trim() !== initial[field]);
  const guard = useGuardedClose(changed.length > 0 || reason.trim() !== '', onClose);

  const submit = () => {
    const problems: Record<string, string[]> = {};
    if (!reason.trim()) problems.reason = ['Give the reason for this change.'];
    if (changed.length === 0) problems.form = ['Change at least one detail before saving.'];
    setLocalErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const change: PolicyholderChange = { version: policy.version, reason: reason.trim() };
    for (const field of changed) {
      // People type phone numbers with punctuation; the wire carries the ten digits.
      change[field] = field === 'phone' ? values[field].replace(/\D/g, '') : values[field].trim();
    }
    save.mutate(change);
  };

  const field = boundTextField(values, setValues, errors);

  return (
    <FormDialog
      open={open}
      title="Edit policyholder"
      busy={save.isPending}
      onSubmit={submit}
      onClose={guard.requestClose}
      submitLabel="Save policyholder"
    >
      {save.isError && (
        <SaveErrorAlert
          error={save.error}
          record="the policy"
          onReload={async () => {
            await queryClient.invalidateQueries({ queryKey: policyKeys.all });
            onClose();
          }}
        />
      )}
      {errors.form && <Alert tone="error">{errors.form.join(' ')}</Alert>}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {field('email', 'Email', { type: 'email', autoComplete: 'off' })}
        {field('phone', 'Phone', { type: 'tel' })}
        {field('addressLine1', 'Address line 1')}
        {field('addressLine2', 'Address line 2')}
        {field('city', 'City')}
        <div className="grid grid-cols-[5rem_1fr] gap-3">
          <TextField label="State" name="state" value={policy.policyholder.state} disabled readOnly />
          {field('zip', 'Zip code')}
        </div>
      </div>
      <TextAreaField
        label="Reason for the change"
        name="reason"
        required
        value={reason}
        errors={errors.reason}
        hint="Recorded with the change in the policy's events."
        onChange={(event) => setReason(event.target.value)}
      />
      {guard.confirmation}
    </FormDialog>
  );
}
