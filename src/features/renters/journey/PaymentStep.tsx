import { useState, type FormEvent } from 'react';
import { giveRentersPayment } from '../../../api/calls/rentersQuotes';
import type { RentersQuoteView } from '../../../api/schemas/rentersQuotes';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/forms/Button';
import { useDirtyForm } from '../../../ui/forms/unsavedChanges';
import { emptyPaymentDetails, type PaymentDetails } from '../../../ui/payment/paymentDetails';
import { PaymentMethodFields } from '../../../ui/payment/PaymentMethodFields';
import { paymentFieldErrors, tokenizeDetails } from './paymentToken';
import { PremiumSummary } from './PremiumSummary';
import { RentersBackButton } from './RentersBackButton';
import type { RentersSnapshot } from './rentersSnapshot';
import { useRentersWrite } from './useRentersWrite';

export interface PaymentStepProps {
  quote: RentersQuoteView;
  snapshot: RentersSnapshot;
}

export function customerName(quote: RentersQuoteView): string {
  return quote.customer ? `${quote.customer.name_first} ${quote.customer.name_last}` : '';
}

// The payment method, card or bank account, tokenized through the payment session; charged at purchase.
export function PaymentStep({ quote, snapshot }: PaymentStepProps) {
  const propertyZip = quote.property?.zip_code ?? '';
  const [details, setDetails] = useState<PaymentDetails>(() =>
    emptyPaymentDetails(customerName(quote), propertyZip),
  );
  const write = useRentersWrite(quote.id, async (d: PaymentDetails) =>
    giveRentersPayment(quote.id, { ...(await tokenizeDetails(d, propertyZip)), version: quote.version }),
  );
  const dirty = useDirtyForm();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    write.mutate(details, { onSuccess: dirty.markClean });
  };
  return (
    <form {...dirty.formProps} aria-label="Payment method" onSubmit={submit} className="space-y-6" noValidate>
      {write.errors.message && <Alert tone="error">{write.errors.message}</Alert>}
      {quote.payment_method && (
        <Alert tone="info">
          Saved: {quote.payment_method.type === 'card' ? 'card' : 'bank account'} ending{' '}
          {quote.payment_method.last_4}. Enter a method again to change it.
        </Alert>
      )}
      <section className="rounded-lg border border-slate-200 bg-white p-6">
        <PaymentMethodFields
          value={details}
          errors={paymentFieldErrors(write.errors.fields)}
          disabled={write.isPending}
          onChange={setDetails}
        />
        {write.errors.fields.token && (
          <p className="mt-2 text-sm text-red-700" data-field-errors="token">
            {write.errors.fields.token.join(' ')}
          </p>
        )}
      </section>
      {quote.premium && <PremiumSummary premium={quote.premium} />}
      <div className="flex items-start justify-between gap-4">
        <RentersBackButton quote={quote} snapshot={snapshot} />
        <Button type="submit" busy={write.isPending}>
          Continue to review
        </Button>
      </div>
    </form>
  );
}
