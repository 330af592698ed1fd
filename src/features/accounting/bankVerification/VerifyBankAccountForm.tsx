import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { bankAccountKeys, verifyBankAccount } from '../../../api/calls/bankAccounts';
import { errorMessage, fieldErrorsOf } from '../../../api/httpErrors';
import {
  ACCOUNT_TYPES,
  type AccountType,
  type BankAccountVerification,
} from '../../../api/schemas/bankAccounts';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/forms/Button';
import { SelectField } from '../../../ui/forms/SelectField';
import { TextField } from '../../../ui/forms/TextField';
import { RECORDING_BLOCKED_CLASS } from '../../../ui/recordingPrivacy';
// The one shared piece this screen takes from another feature, as the issue asks: the same picker as the
// entity screens, answering the caller's entities from /v2/lists/entities.
import { EntityPicker, type PickedEntity } from '../../../ui/forms/EntityPicker';

export interface VerifyBankAccountFormProps {
  entity: PickedEntity | null;
  onEntityChange(entity: PickedEntity | null): void;
  // The answer, or null while a new verification runs (the last answer no longer applies).
  onVerified(result: BankAccountVerification | null): void;
}

interface Draft {
  routing: string;
  account: string;
  holder: string;
  type: AccountType;
}

const EMPTY: Draft = { routing: '', account: '', holder: '', type: 'checking' };
const TYPE_OPTIONS = ACCOUNT_TYPES.map((t) => ({
  value: t,
  label: t === 'checking' ? 'Checking' : 'Savings',
}));
// People type account numbers in groups; the server takes digits only.
const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

// The payee's account, checked for RTP eligibility. The account number is a masked field, cleared once the
// server has checked it (eligible or not), so the screen never shows it again; a refused entry (422) stays
// for the user to correct.
export function VerifyBankAccountForm({ entity, onEntityChange, onVerified }: VerifyBankAccountFormProps) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: () =>
      verifyBankAccount({
        entity_id: entity?.id ?? 0,
        routing_number: digitsOf(draft.routing),
        account_number: digitsOf(draft.account),
        holder_name: draft.holder,
        account_type: draft.type,
      }),
    onMutate: () => onVerified(null),
    onSuccess: (result) => {
      setDraft(EMPTY);
      onVerified(result);
      void queryClient.invalidateQueries({ queryKey: bankAccountKeys.all });
    },
  });
  const errors = fieldErrorsOf(verify.error);
  const hasFieldErrors = Object.keys(errors).length > 0;
  const set = (key: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    verify.mutate();
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Verify a bank account"
      // Never captured by a support recording (docs/session-recording.md).
      className={`space-y-4 ${RECORDING_BLOCKED_CLASS}`}
    >
      {verify.error && (
        <Alert tone="error">
          {hasFieldErrors ? 'Check the fields marked below.' : errorMessage(verify.error)}
        </Alert>
      )}
      <EntityPicker
        label="Agency"
        name="entity_id"
        value={entity}
        onChange={onEntityChange}
        errors={errors['data.entity_id']}
        hint="The payee agency whose commission is paid into this account."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Routing number"
          name="routing_number"
          inputMode="numeric"
          autoComplete="off"
          maxLength={11}
          value={draft.routing}
          onChange={set('routing')}
          errors={errors['data.routing_number']}
          hint="9 digits (ABA)."
        />
        <TextField
          label="Account number"
          name="account_number"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={21}
          value={draft.account}
          onChange={set('account')}
          errors={errors['data.account_number']}
          hint="4 to 17 digits; only the last four are kept."
        />
        <TextField
          label="Account holder"
          name="holder_name"
          autoComplete="off"
          maxLength={100}
          value={draft.holder}
          onChange={set('holder')}
          errors={errors['data.holder_name']}
        />
        <SelectField
          label="Account type"
          name="account_type"
          options={TYPE_OPTIONS}
          value={draft.type}
          onChange={set('type')}
          errors={errors['data.account_type']}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" busy={verify.isPending}>
          {verify.isPending ? 'Verifying…' : 'Verify account'}
        </Button>
      </div>
    </form>
  );
}
