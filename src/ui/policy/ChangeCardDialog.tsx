import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changePetCard, refreshAfterPayment } from '../../api/calls/billing';
import type { Billing } from '../../api/schemas/billing';
import { Alert } from '../feedback/Alert';
import { Button } from '../forms/Button';
import { FormDialog } from '../forms/FormDialog';
import { useGuardedClose } from '../forms/useGuardedClose';
import { PaymentMethodFields } from '../payment/PaymentMethodFields';
import { cardProblem, useNewCard } from '../payment/useNewCard';
import { methodText } from './billingText';

export interface ChangeCardDialogProps {
  matterId: number;
  billing: Billing;
  open: boolean;
  onClose(): void;
  // The billing with the new card on file.
  onChanged(billing: Billing | null): void;
}

// A pet policy's new card without a payment (docs/billing.md "On screen"): the daily run's next charge and
// "Pay now" take it. A renters customer's card is changed on the policy's payment method panel instead.
export function ChangeCardDialog({ matterId, billing, open, onClose, onChanged }: ChangeCardDialogProps) {
  const queryClient = useQueryClient();
  const card = useNewCard();
  const change = useMutation({
    mutationFn: async () => changePetCard(matterId, (await card.token()).token),
    onSuccess: async (changed) => {
      onChanged(changed);
      close();
      await refreshAfterPayment(queryClient, 'pet', matterId, changed);
    },
  });
  const { fields, problem } = cardProblem(change.error);

  function close() {
    change.reset();
    card.clear();
    onClose();
  }
  const guard = useGuardedClose(card.dirty, close);

  return (
    <FormDialog
      open={open}
      title="Change card"
      busy={change.isPending}
      onSubmit={() => change.mutate()}
      onClose={guard.requestClose}
      footer={
        <>
          <Button variant="secondary" onClick={guard.requestClose} disabled={change.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={change.isPending}>
            Save card
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        The policy is billed to {methodText(billing.paymentMethod)}. The new card takes its place for the
        payments to come; nothing is charged now.
      </p>
      {problem && <Alert tone="error">{problem}</Alert>}
      <PaymentMethodFields
        value={card.details}
        errors={fields}
        kinds={['card']}
        narrow
        disabled={change.isPending}
        onChange={card.setDetails}
      />
      {guard.confirmation}
    </FormDialog>
  );
}
