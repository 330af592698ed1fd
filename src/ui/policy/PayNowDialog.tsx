import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { payNow, refreshAfterPayment, type BillingLine } from '../../api/calls/billing';
import type { Billing, PayNowResult } from '../../api/schemas/billing';
import { Alert } from '../feedback/Alert';
import { Button } from '../forms/Button';
import { FormDialog } from '../forms/FormDialog';
import { useGuardedClose } from '../forms/useGuardedClose';
import { formatDate, formatMoney } from '../format';
import { PaymentMethodFields } from '../payment/PaymentMethodFields';
import { NEW_CARD_ACCESS, cardProblem, useNewCard } from '../payment/useNewCard';
import { useAccess } from '../useAccess';
import { methodText, onFileText, payOutcomeText } from './billingText';

export interface PayNowDialogProps {
  line: BillingLine;
  matterId: number;
  billing: Billing;
  open: boolean;
  onClose(): void;
  // Every answer of the payment service, for the Payments section to say: a decline keeps the dialog open.
  onOutcome(result: PayNowResult): void;
}

type Source = 'onFile' | 'new';

// "Pay now" on both lines (docs/billing.md "On screen"): everything due today, charged to the card on file or
// to a new card typed here, whose token is sent with the payment (the server makes it the card on file once
// it paid). A decline stays in the dialog, saying it was declined (the server never says why: card testers
// learn from the reason), so another card can be tried.
export function PayNowDialog({ line, matterId, billing, open, onClose, onOutcome }: PayNowDialogProps) {
  const queryClient = useQueryClient();
  const mayTypeCard = useAccess().can(NEW_CARD_ACCESS);
  const onFile = billing.paymentMethod.method !== null;
  const [source, setSource] = useState<Source>(onFile ? 'onFile' : 'new');
  const card = useNewCard();
  const [declined, setDeclined] = useState<string | null>(null);

  const pay = useMutation({
    mutationFn: async (from: Source) => {
      const token = from === 'new' ? (await card.token()).token : undefined;
      return payNow(line, matterId, token);
    },
    onSuccess: async (result) => {
      onOutcome(result);
      if (result.declined > 0) setDeclined(payOutcomeText(result).text);
      else close();
      await refreshAfterPayment(queryClient, line, matterId, result.billing);
    },
  });
  const { fields, problem: refused } = cardProblem(pay.error);
  const problem = refused ?? declined;

  function close() {
    pay.reset();
    setDeclined(null);
    card.clear();
    setSource(onFile ? 'onFile' : 'new');
    onClose();
  }
  const guard = useGuardedClose(source === 'new' && card.dirty, close);
  const choose = (next: Source) => {
    setSource(next);
    setDeclined(null);
    pay.reset();
  };

  const newCard = source === 'new' && mayTypeCard;
  const chargedTo = newCard ? 'the new card' : methodText(billing.paymentMethod);
  return (
    <FormDialog
      open={open}
      title="Pay now"
      busy={pay.isPending}
      onSubmit={() => {
        setDeclined(null);
        pay.mutate(newCard ? 'new' : 'onFile');
      }}
      onClose={guard.requestClose}
      footer={
        <>
          <Button variant="secondary" onClick={guard.requestClose} disabled={pay.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={pay.isPending} disabled={billing.dueNow <= 0}>
            Charge {formatMoney(billing.dueNow)}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{formatMoney(billing.dueNow)}</span> is due by{' '}
        {formatDate(billing.today)}. It is charged now to {chargedTo}.
        {billing.state === 'lapsed' && ' Paid in full, the policy is reinstated.'}
      </p>
      {mayTypeCard && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Pay with</legend>
          <div className="mt-2 space-y-2 text-sm">
            {onFile && (
              <label className="flex items-center gap-2 font-medium text-slate-800">
                <input
                  type="radio"
                  name="payNowSource"
                  checked={source === 'onFile'}
                  disabled={pay.isPending}
                  onChange={() => choose('onFile')}
                  className="size-4 text-indigo-600"
                />
                {onFileText(billing.paymentMethod)}
              </label>
            )}
            <label className="flex items-center gap-2 font-medium text-slate-800">
              <input
                type="radio"
                name="payNowSource"
                checked={source === 'new'}
                disabled={pay.isPending}
                onChange={() => choose('new')}
                className="size-4 text-indigo-600"
              />
              A new card
            </label>
          </div>
        </fieldset>
      )}
      {/* Above the fields it speaks of: a decline, or the card details marked below. */}
      {problem && <Alert tone="error">{problem}</Alert>}
      {newCard && (
        <PaymentMethodFields
          value={card.details}
          errors={fields}
          kinds={['card']}
          narrow
          disabled={pay.isPending}
          onChange={card.setDetails}
        />
      )}
      {newCard && (
        <p className="text-xs text-slate-500">
          Once it pays, the new card is the one on file for the policy&rsquo;s later payments
          {line === 'renters' && ' and the customer’s primary payment method'}.
        </p>
      )}
      {guard.confirmation}
    </FormDialog>
  );
}
