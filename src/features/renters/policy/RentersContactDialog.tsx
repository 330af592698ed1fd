import { useState } from 'react';
import { changeRentersContact } from '../../../api/calls/rentersPolicyRecord';
import { RENTERS_NUMBER_TYPES, type RentersPolicyRecord } from '../../../api/schemas/rentersPolicyRecord';
import { SaveErrorAlert } from '../../../ui/feedback/SaveErrorAlert';
import { Button } from '../../../ui/forms/Button';
import { SelectField } from '../../../ui/forms/SelectField';
import { TextField } from '../../../ui/forms/TextField';
import { formatCode } from '../../policies/view/format';
import { FormDialog } from '../../policies/view/FormDialog';
import { rentersFieldErrors } from './rentersFormErrors';
import { useReloadRecord, useRentersEdit } from './useRentersEdit';

export interface RentersContactDialogProps {
  record: RentersPolicyRecord;
  onClose(): void;
  onSaved(message: string): void;
}

// The primary contact (renters_phone_edit). The version shown goes along: a change made meanwhile is a 409.
export function RentersContactDialog({ record, onClose, onSaved }: RentersContactDialogProps) {
  const contact = record.policyholder.primaryContact;
  const [numberType, setNumberType] = useState<string>(contact.numberType);
  const [number, setNumber] = useState(contact.number);
  const [extension, setExtension] = useState(contact.extension ?? '');
  const save = useRentersEdit(
    record.id,
    () =>
      changeRentersContact(record.id, {
        number_type: numberType as (typeof RENTERS_NUMBER_TYPES)[number],
        number,
        extension: extension.trim() || null,
        policy_version: record.policyVersion,
      }),
    () => onSaved('The primary contact was saved.'),
  );
  const reload = useReloadRecord(record.id);
  const errors = rentersFieldErrors(save.error);
  return (
    <FormDialog
      open
      title="Edit primary contact"
      busy={save.isPending}
      onSubmit={() => save.mutate(undefined)}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Close
          </Button>
          <Button type="submit" busy={save.isPending}>
            Save contact
          </Button>
        </>
      }
    >
      {save.isError && (
        <SaveErrorAlert error={save.error} record="the policy" onReload={() => void reload().then(onClose)} />
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <SelectField
          label="Number type"
          name="number_type"
          value={numberType}
          errors={errors.number_type}
          options={RENTERS_NUMBER_TYPES.map((t) => ({ value: t, label: formatCode(t) }))}
          onChange={(event) => setNumberType(event.target.value)}
        />
        <TextField
          label="Phone number"
          name="number"
          type="tel"
          value={number}
          errors={errors.number}
          onChange={(event) => setNumber(event.target.value)}
        />
        <TextField
          label="Extension"
          name="extension"
          value={extension}
          errors={errors.extension}
          onChange={(event) => setExtension(event.target.value)}
        />
      </div>
    </FormDialog>
  );
}
