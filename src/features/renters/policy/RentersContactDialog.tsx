import { useState } from 'react';
import { changeRentersContact } from '../../../api/calls/rentersPolicyRecord';
import { RENTERS_NUMBER_TYPES, type RentersPolicyRecord } from '../../../api/schemas/rentersPolicyRecord';
import { SelectField } from '../../../ui/forms/SelectField';
import { TextField } from '../../../ui/forms/TextField';
import { formatCode } from '../../../ui/format';
import { RentersEditDialog } from './RentersEditDialog';
import { rentersFieldErrors } from './rentersFormErrors';
import { useRentersEdit } from './useRentersEdit';

export interface RentersContactDialogProps {
  record: RentersPolicyRecord;
  onClose(): void;
  onSaved(message: string): void;
}

// The primary contact (renters_phone_edit). The version shown goes along: a change made meanwhile is a 409.
export function RentersContactDialog({ record, onClose, onSaved }: RentersContactDialogProps) {
  // The contact as the dialog opened: a refetch of the record meanwhile does not move it.
  const [opened] = useState<{ numberType: string; number: string; extension: string; info: string }>(() => {
    const contact = record.policyholder.primaryContact;
    return {
      numberType: contact.numberType,
      number: contact.number,
      extension: contact.extension ?? '',
      info: contact.additionalInfo ?? '',
    };
  });
  const [numberType, setNumberType] = useState(opened.numberType);
  const [number, setNumber] = useState(opened.number);
  const [extension, setExtension] = useState(opened.extension);
  const [info, setInfo] = useState(opened.info);
  const dirty =
    numberType !== opened.numberType ||
    number !== opened.number ||
    extension !== opened.extension ||
    info !== opened.info;
  const save = useRentersEdit(
    record.id,
    () =>
      changeRentersContact(record.id, {
        number_type: numberType as (typeof RENTERS_NUMBER_TYPES)[number],
        number,
        extension: extension.trim() || null,
        // Sent every time: the contact is replaced whole, so a note left as it was is kept.
        additional_info: info.trim() || null,
        policy_version: record.policyVersion,
      }),
    () => onSaved('The primary contact was saved.'),
  );
  const errors = rentersFieldErrors(save.error);
  return (
    <RentersEditDialog
      matterId={record.id}
      title="Edit primary contact"
      submitLabel="Save contact"
      save={save}
      dirty={dirty}
      onClose={onClose}
    >
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
      <TextField
        label="Additional info"
        name="additional_info"
        hint="For example the best time to call."
        maxLength={200}
        value={info}
        errors={errors.additional_info}
        onChange={(event) => setInfo(event.target.value)}
      />
    </RentersEditDialog>
  );
}
