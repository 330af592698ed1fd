import { useState, type FormEvent } from 'react';
import { purchaseRentersQuote, type RentersPurchaseInput } from '../../../api/calls/rentersQuotes';
import type { RentersQuoteView } from '../../../api/schemas/rentersQuotes';
import { takesEvent } from '../../../machines/machineAnswers';
import { rentersQuoteJourneyMachine } from '../../../machines/rentersQuoteJourney';
import { Alert } from '../../../ui/feedback/Alert';
import { formatBusinessDate } from '../../../calendar';
import { formatMoney, formatPhone } from '../../../ui/format';
import { Button } from '../../../ui/forms/Button';
import { useDirtyForm } from '../../../ui/forms/unsavedChanges';
import { CheckboxField } from '../../../ui/forms/CheckboxField';
import { emptyPaymentDetails, type PaymentDetails } from '../../../ui/payment/paymentDetails';
import { PaymentMethodFields } from '../../../ui/payment/PaymentMethodFields';
import { customerName } from './PaymentStep';
import { paymentFieldErrors, tokenizeDetails } from './paymentToken';
import { PremiumSummary } from './PremiumSummary';
import { RentersBackButton } from './RentersBackButton';
import type { RentersSnapshot } from './rentersSnapshot';
import { useRentersWrite } from './useRentersWrite';

export interface ReviewStepProps {
  quote: RentersQuoteView;
  snapshot: RentersSnapshot;
}

interface Attempt {
  // null: charge the quote's own payment method again.
  details: PaymentDetails | null;
}

// Review: what is bought at which total, the terms, and the purchase; a declined payment is retried here
// with the same or another method. The total the agent saw is sent, so a price that moved is refused.
export function ReviewStep({ quote, snapshot }: ReviewStepProps) {
  const premium = quote.premium;
  const propertyZip = quote.property?.zip_code ?? '';
  const [terms, setTerms] = useState(false);
  const [another, setAnother] = useState(false);
  const [details, setDetails] = useState<PaymentDetails>(() =>
    emptyPaymentDetails(customerName(quote), propertyZip),
  );
  // The terms ticked and a new payment method typed count until the purchase (or retry) is answered; a
  // declined payment keeps the form on screen, clean again.
  const dirty = useDirtyForm();
  const write = useRentersWrite(quote.id, async ({ details: d }: Attempt) => {
    const body: RentersPurchaseInput = {
      request_id: crypto.randomUUID(),
      terms_accepted: true,
      total: premium?.total ?? 0,
      version: quote.version,
      ...(d ? await tokenizeDetails(d, propertyZip) : {}),
    };
    return purchaseRentersQuote(quote.id, body);
  });
  if (!premium) return <Alert tone="error">This quote has no price yet: go back to coverage.</Alert>;
  const totalCents = Math.round(premium.total * 100);
  const failed = quote.step === 'paymentFailed';
  const processing = write.isPending || quote.step === 'purchasing';
  const canBuy = snapshot.can({
    type: 'rentersQuote.purchaseSubmitted',
    termsAccepted: true,
    acceptedTotalCents: totalCents,
  });
  // A retry charges the quote's own method or one typed here: the server judges the method.
  const canRetry = takesEvent(rentersQuoteJourneyMachine, snapshot.value, 'rentersQuote.paymentRetried');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    write.mutate({ details: failed && another ? details : null }, { onSuccess: dirty.markClean });
  };
  const fields = write.errors.fields;
  const method = quote.payment_method;
  const firstPayment = premium.schedule[0]?.total ?? premium.total;
  return (
    <form
      {...dirty.formProps}
      aria-label="Review and purchase"
      onSubmit={submit}
      className="space-y-6"
      noValidate
    >
      {write.errors.message && <Alert tone="error">{write.errors.message}</Alert>}
      {failed && !processing && (
        <Alert tone="error" title="The payment did not go through">
          {quote.payment_error ?? 'The payment could not be taken.'} Retry with the same or another payment
          method, or go back to the payment step.
        </Alert>
      )}
      <section className="grid gap-6 rounded-lg border border-slate-200 bg-white p-6 text-sm md:grid-cols-3">
        <div>
          <h2 className="mb-1 font-semibold text-slate-900">Property</h2>
          {quote.property && (
            <p>
              {quote.property.line_1}
              {quote.property.line_2 ? `, ${quote.property.line_2}` : ''}
              <br />
              {quote.property.city}, {quote.property.state} {quote.property.zip_code}
            </p>
          )}
          <p className="mt-1">
            Effective {quote.effective_date ? formatBusinessDate(quote.effective_date) : '—'}
          </p>
          {fields.effective_date && (
            // The date was chosen at the start step; the purchase found it overlaps other cover.
            <ul className="mt-1 space-y-0.5 text-sm text-red-700" data-field-errors="effective_date">
              {fields.effective_date.map((message) => (
                <li key={message}>{message}</li>
              ))}
              <li>Go back to the start step to change the effective date.</li>
            </ul>
          )}
          {quote.interested_party && <p className="mt-1">Interested party: {quote.interested_party.name}</p>}
        </div>
        <div>
          <h2 className="mb-1 font-semibold text-slate-900">Customer</h2>
          <p>{customerName(quote)}</p>
          <p>{quote.customer?.email}</p>
          {quote.contacts.map((c) => (
            <p key={`${c.type}-${c.number}`}>
              {c.type === 'PRIMARY' ? 'Primary' : 'Secondary'}: {c.number && formatPhone(c.number)}
            </p>
          ))}
        </div>
        <div>
          <h2 className="mb-1 font-semibold text-slate-900">Payment method</h2>
          {method && (
            <p data-testid="payment-method">
              {method.type === 'card' ? 'Card' : 'Bank account'} ending {method.last_4}
            </p>
          )}
          <p className="mt-1">
            Due today: <strong>{formatMoney(firstPayment)}</strong>
          </p>
        </div>
      </section>
      <PremiumSummary premium={premium} />
      {failed && !processing && (
        <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-6">
          <CheckboxField
            label="Use another payment method"
            name="another_method"
            checked={another}
            onChange={(e) => setAnother(e.target.checked)}
          />
          {another && (
            <PaymentMethodFields value={details} errors={paymentFieldErrors(fields)} onChange={setDetails} />
          )}
        </section>
      )}
      <section className="rounded-lg border border-slate-200 bg-white p-6">
        <CheckboxField
          label={`I have read the policy terms to the customer, who agrees to buy this policy for ${formatMoney(premium.total)} a term.`}
          name="terms_accepted"
          checked={terms}
          disabled={processing}
          onChange={(e) => setTerms(e.target.checked)}
          errors={[...(fields.terms_accepted ?? []), ...(fields.total ?? [])]}
        />
      </section>
      {processing && (
        <Alert tone="info" title="Processing payment">
          The payment is being taken; this page moves on when it is done.
        </Alert>
      )}
      <div className="flex items-start justify-between gap-4">
        {!processing && <RentersBackButton quote={quote} snapshot={snapshot} />}
        {(canBuy || canRetry || processing) && (
          <Button type="submit" busy={processing} disabled={!terms}>
            {processing
              ? 'Processing payment…'
              : failed
                ? 'Retry payment'
                : `Purchase for ${formatMoney(premium.total)}`}
          </Button>
        )}
      </div>
    </form>
  );
}
