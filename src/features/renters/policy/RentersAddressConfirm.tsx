import { confirmRentersAddress } from '../../../api/calls/rentersPolicyRecord';
import type { RentersAddressTypeCode, RentersPolicyRecord } from '../../../api/schemas/rentersPolicyRecord';
import { Button } from '../../../ui/forms/Button';
import { useReloadRecord, useRentersEdit } from './useRentersEdit';

const NAMES: Record<RentersAddressTypeCode, string> = {
  MAILING: 'mailing address',
  PROPERTY: 'property address',
  INTPARTY: "interested party's address",
};

// "Confirm address" beside an address staff entered and nobody confirmed yet (the "Unconfirmed address" flag):
// pressed once the policyholder has confirmed it. A refusal (confirmed meanwhile, or the policy changed) reloads
// the record, which then shows where it stands.
export function RentersAddressConfirm({
  record,
  addressType,
  onConfirmed,
  onRefused,
}: {
  record: RentersPolicyRecord;
  addressType: RentersAddressTypeCode;
  onConfirmed: (message: string) => void;
  onRefused: (message: string) => void;
}) {
  const reload = useReloadRecord(record.id);
  const name = NAMES[addressType];
  const confirm = useRentersEdit(
    record.id,
    () => confirmRentersAddress(record.id, addressType, record.policyVersion),
    () => onConfirmed(`The ${name} is confirmed.`),
  );
  if (!record.unconfirmedAddresses.includes(addressType)) return null;
  return (
    <>
      <span className="text-xs font-medium text-amber-800">Unconfirmed</span>
      <Button
        variant="secondary"
        className="px-3 py-1 text-xs"
        aria-label={`Confirm ${name}`}
        busy={confirm.isPending}
        onClick={() =>
          confirm.mutate(undefined, {
            onError: (error) => {
              onRefused(error instanceof Error ? error.message : `The ${name} could not be confirmed.`);
              void reload();
            },
          })
        }
      >
        Confirm address
      </Button>
    </>
  );
}
