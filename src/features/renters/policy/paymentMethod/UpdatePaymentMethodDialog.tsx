import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  addRentersPaymentMethod,
  openSetupIntent,
  tokenizeIntoSetupIntent,
} from '../../../../api/calls/rentersPaymentMethods';
import { ApiError, errorMessage } from '../../../../api/httpErrors';
import type { RentersPaymentMethod, SetupIntent } from '../../../../api/schemas/rentersPaymentMethods';
import { Alert } from '../../../../ui/feedback/Alert';
import { Button } from '../../../../ui/forms/Button';
import { PaymentMethodFields } from '../../../../ui/payment/PaymentMethodFields';
import {
  emptyPaymentDetails,
  paymentMethodRequest,
  type PaymentDetails,
} from '../../../../ui/payment/paymentDetails';
import { FormDialog } from '../../../../ui/forms/FormDialog';
import { useGuardedClose } from '../../../../ui/forms/useGuardedClose';
import { rentersFieldErrors } from '../rentersFormErrors';

export interface UpdatePaymentMethodDialogProps {
  customerId: number;
  billingZip: string;
  open: boolean;
  onClose(): void;
  onUpdated(method: RentersPaymentMethod): void;
}

// The new card or bank account goes through a setup intent: tokenized once (the only request that carries
// the number), then added as the customer's primary method. A refused card keeps the intent, so the
// corrected details go into the same one; any other failure starts over with a new intent.
export function UpdatePaymentMethodDialog({
  customerId,
  billingZip,
  open,
  onClose,
  onUpdated,
}: UpdatePaymentMethodDialogProps) {
  // The details as the dialog opened (nothing but the billing ZIP on file): anything else is the agent's.
  const [opened] = useState<PaymentDetails>(() => emptyPaymentDetails('', billingZip));
  const [details, setDetails] = useState<PaymentDetails>(opened);
  const intent = useRef<SetupIntent | null>(null);

  const update = useMutation({
    mutationFn: async (entered: PaymentDetails) => {
      intent.current ??= await openSetupIntent(customerId);
      const { setup_intent_id, payment_account_id } = intent.current;
      await tokenizeIntoSetupIntent(setup_intent_id, paymentMethodRequest(entered));
      const added = await addRentersPaymentMethod(customerId, payment_account_id, setup_intent_id);
      return added.data;
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 422)) intent.current = null;
    },
    onSuccess: (method) => {
      intent.current = null;
      // The numbers are forgotten as soon as a token stands for them.
      setDetails(opened);
      onUpdated(method);
    },
  });
  const errors = rentersFieldErrors(update.error);
  const fieldErrors = Object.keys(errors).length > 0;

  const close = () => {
    update.reset();
    onClose();
  };
  const dirty = (Object.keys(opened) as (keyof PaymentDetails)[]).some((key) => details[key] !== opened[key]);
  const guard = useGuardedClose(dirty, close);

  return (
    <FormDialog
      open={open}
      title="Update payment method"
      busy={update.isPending}
      onSubmit={() => update.mutate(details)}
      onClose={guard.requestClose}
      footer={
        <>
          <Button variant="secondary" onClick={guard.requestClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={update.isPending}>
            Save payment method
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600">
        The new method becomes the primary one and bills every current renters policy of this customer.
      </p>
      {update.error && (
        <Alert tone="error">
          {fieldErrors ? 'Check the fields marked below.' : errorMessage(update.error)}
        </Alert>
      )}
      <PaymentMethodFields
        value={details}
        errors={errors}
        disabled={update.isPending}
        onChange={setDetails}
      />
      {guard.confirmation}
    </FormDialog>
  );
}
