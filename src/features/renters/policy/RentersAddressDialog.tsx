import { useState } from 'react';
import { changeRentersAddress } from '../../../api/calls/rentersPolicyRecord';
import type {
  RentersAddressTypeCode,
  RentersPolicyRecord,
  RentersRecordAddress,
} from '../../../api/schemas/rentersPolicyRecord';
import { Alert } from '../../../ui/feedback/Alert';
import { boundTextField } from '../../../ui/forms/boundTextField';
import { RentersEditDialog } from './RentersEditDialog';
import { rentersFieldErrors } from './rentersFormErrors';
import { useRentersEdit } from './useRentersEdit';

const TITLES: Readonly<Record<RentersAddressTypeCode, string>> = {
  MAILING: 'Edit mailing address',
  PROPERTY: 'Edit property address',
  INTPARTY: 'Edit interested party',
};

function current(record: RentersPolicyRecord, type: RentersAddressTypeCode): RentersRecordAddress | null {
  if (type === 'MAILING') return record.policyholder.mailingAddress;
  if (type === 'PROPERTY') return record.property.address;
  return record.property.interestedPartyAddress;
}

export interface RentersAddressDialogProps {
  record: RentersPolicyRecord;
  addressType: RentersAddressTypeCode;
  onClose(): void;
  onSaved(message: string): void;
}

// One of the policy's addresses (mailing, property or interested party, each with its privilege). A staff
// entered address stays unconfirmed until staff confirm it with the policyholder ("Confirm address" beside
// it); the property keeps the policy's state.
export function RentersAddressDialog({ record, addressType, onClose, onSaved }: RentersAddressDialogProps) {
  // The address as the dialog opened: a refetch of the record meanwhile does not move it.
  const [opened] = useState(() => {
    const start = current(record, addressType);
    return {
      name: record.property.interestedPartyName ?? '',
      line_1: start?.line1 ?? '',
      line_2: start?.line2 ?? '',
      city: start?.city ?? '',
      state_code: start?.stateCode ?? record.property.address.stateCode,
      zip_code: start?.zipCode ?? '',
    };
  });
  const [values, setValues] = useState(opened);
  const dirty = (Object.keys(opened) as (keyof typeof opened)[]).some((key) => values[key] !== opened[key]);
  const save = useRentersEdit(
    record.id,
    () =>
      changeRentersAddress(record.id, {
        address_type: addressType,
        line_1: values.line_1,
        line_2: values.line_2.trim() || null,
        city: values.city,
        state_code: values.state_code,
        zip_code: values.zip_code,
        ...(addressType === 'INTPARTY' ? { name: values.name } : {}),
        policy_version: record.policyVersion,
      }),
    () => onSaved(`${TITLES[addressType].replace('Edit ', '').replace(/^./, (c) => c.toUpperCase())} saved.`),
  );
  const errors = rentersFieldErrors(save.error);
  const field = boundTextField(values, setValues, errors);
  return (
    <RentersEditDialog
      matterId={record.id}
      title={TITLES[addressType]}
      submitLabel="Save address"
      save={save}
      dirty={dirty}
      onClose={onClose}
    >
      {errors.form && <Alert tone="error">{errors.form.join(' ')}</Alert>}
      <p className="text-sm text-slate-600">
        The address stays unconfirmed until you confirm it with the policyholder.
        {addressType === 'PROPERTY' &&
          ' The insured property must stay in the state the policy is written in.'}
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {addressType === 'INTPARTY' && (
          <div className="sm:col-span-2">{field('name', 'Interested party name')}</div>
        )}
        {field('line_1', 'Address line 1')}
        {field('line_2', 'Address line 2')}
        {field('city', 'City')}
        <div className="grid grid-cols-[5rem_1fr] gap-3">
          {field('state_code', 'State')}
          {field('zip_code', 'ZIP code')}
        </div>
      </div>
    </RentersEditDialog>
  );
}
