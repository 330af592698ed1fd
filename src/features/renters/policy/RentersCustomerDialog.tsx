import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  changeRentersCustomer,
  rentersCustomerKeys,
  rentersCustomerQuery,
} from '../../../api/calls/rentersCustomer';
import { rentersPolicyRecordKeys } from '../../../api/calls/rentersPolicyRecord';
import type { RentersCustomerResponse } from '../../../api/schemas/rentersCustomer';
import type { RentersPolicyRecord } from '../../../api/schemas/rentersPolicyRecord';
import { errorMessage } from '../../../api/httpErrors';
import { Alert } from '../../../ui/feedback/Alert';
import { TextField } from '../../../ui/forms/TextField';
import { RentersEditDialog } from './RentersEditDialog';
import { rentersFieldErrors } from './rentersFormErrors';

export interface RentersCustomerDialogProps {
  record: RentersPolicyRecord;
  onClose(): void;
  onSaved(message: string): void;
}

// The policyholder's name and e-mail (renters_policy_ax and renters_phone_edit), changed on the customer
// (POST /v2/renters/customers/{customerId}), so every renters policy of the customer shows them. The
// customer's version as the dialog read it goes along: a change made meanwhile is a 409.
export function RentersCustomerDialog({ record, onClose, onSaved }: RentersCustomerDialogProps) {
  // Read afresh each time the dialog opens, so the version sent is the customer's as it is now.
  const customer = useQuery({
    ...rentersCustomerQuery(record.policyholder.customerId),
    refetchOnMount: 'always',
  });
  if (customer.isError)
    return (
      <RentersEditDialog
        matterId={record.id}
        title="Edit policyholder"
        submitLabel="Save policyholder"
        save={{ isPending: false, isError: false, error: null, mutate: () => undefined }}
        dirty={false}
        onClose={onClose}
      >
        <Alert tone="error">{errorMessage(customer.error)}</Alert>
      </RentersEditDialog>
    );
  if (!customer.data || !customer.isFetchedAfterMount) return null;
  return <CustomerForm record={record} customer={customer.data} onClose={onClose} onSaved={onSaved} />;
}

function CustomerForm({
  record,
  customer,
  onClose,
  onSaved,
}: RentersCustomerDialogProps & { customer: RentersCustomerResponse }) {
  const queryClient = useQueryClient();
  const customerId = record.policyholder.customerId;
  // The customer as the dialog opened: a refetch meanwhile does not move the form.
  const [opened] = useState(() => ({
    first: customer.data.name_first,
    last: customer.data.name_last,
    email: customer.data.email,
    version: customer.meta.version,
  }));
  const [first, setFirst] = useState(opened.first);
  const [last, setLast] = useState(opened.last);
  const [email, setEmail] = useState(opened.email);
  const dirty = first !== opened.first || last !== opened.last || email !== opened.email;
  const save = useMutation({
    mutationFn: () =>
      changeRentersCustomer(customerId, {
        name_first: first,
        name_last: last,
        email,
        version: opened.version,
      }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(rentersCustomerKeys.customer(customerId), answer);
      onSaved('The policyholder was saved.');
      // Every renters policy of the customer shows the name and e-mail.
      await Promise.all(
        record.matterIds.map((id) =>
          queryClient.invalidateQueries({ queryKey: rentersPolicyRecordKeys.record(id) }),
        ),
      );
    },
  });
  const errors = rentersFieldErrors(save.error);
  return (
    <RentersEditDialog
      matterId={record.id}
      title="Edit policyholder"
      submitLabel="Save policyholder"
      save={save}
      dirty={dirty}
      onClose={onClose}
    >
      <p className="text-sm text-slate-600">
        The name and email are the customer’s: every renters policy of this customer shows them.
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          name="name_first"
          autoComplete="off"
          value={first}
          errors={errors.name_first}
          onChange={(event) => setFirst(event.target.value)}
        />
        <TextField
          label="Last name"
          name="name_last"
          autoComplete="off"
          value={last}
          errors={errors.name_last}
          onChange={(event) => setLast(event.target.value)}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          className="sm:col-span-2"
          value={email}
          errors={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
    </RentersEditDialog>
  );
}
