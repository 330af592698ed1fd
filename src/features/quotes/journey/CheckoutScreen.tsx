import { useRef, useState, type FormEvent } from 'react';
import { openPaymentSession, tokenizePaymentMethod } from '../../../api/calls/paymentSession';
import { purchase, retryPayment } from '../../../api/calls/quoteJourney';
import { ApiError } from '../../../api/httpErrors';
import type { PaymentPeriod, QuoteView } from '../../../api/schemas/quoteCommands';
import type { PaymentMethod } from '../../../api/schemas/quotePurchase';
import { takesEvent } from '../../../machines/machineAnswers';
import { petQuoteJourneyMachine } from '../../../machines/petQuoteJourney';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/forms/Button';
import { useDirtyForm } from '../../../ui/forms/unsavedChanges';
import { CheckboxField } from '../../../ui/forms/CheckboxField';
import { TextField } from '../../../ui/forms/TextField';
import { BackButton } from './BackButton';
import { checkoutCustomerOf, purchaseCustomer, type CheckoutCustomer } from './checkoutCustomer';
import { FraudWarningPanel } from './FraudWarningPanel';
import { JourneyFrame, QuoteLoading } from './JourneyFrame';
import type { JourneySnapshot } from './journeySnapshot';
import { formatMoney } from '../../../ui/format';
import {
  emptyPaymentDetails,
  paymentMethodRequest,
  withoutSecrets,
  type PaymentDetails,
} from '../../../ui/payment/paymentDetails';
import { PaymentMethodFields } from '../../../ui/payment/PaymentMethodFields';
import { useJourneyQuote } from './useJourneyQuote';
import { useJourneyWrite } from './useJourneyWrite';
import { PrintButton } from '../../../ui/forms/PrintButton';
import { CoverStarts, quotePetCoverStarts } from '../../../ui/policy/CoverStarts';

// /quotes/journey/checkout/{uuid}: the policyholder's details, how and how often they pay, consent, and
// the purchase. The fraud warning, a running purchase and a failed payment are shown here too.
export function CheckoutScreen() {
  const { uuid, query, quote, snapshot, elsewhere } = useJourneyQuote();
  if (!quote || elsewhere) return <QuoteLoading title="Checkout" error={query.error} />;
  const failed = quote.step === 'paymentFailed';
  return (
    <JourneyFrame
      title="Checkout"
      state={quote.step}
      quote={quote}
      actions={
        <>
          <PrintButton what="the quote" />
          <BackButton
            quote={quote}
            snapshot={snapshot}
            label={failed ? 'Back to checkout' : 'Back to coverage'}
          />
        </>
      }
    >
      {/* One form for the whole visit: a failed payment or a warning keeps what the agent typed. */}
      <Checkout key={uuid} quote={quote} snapshot={snapshot} />
    </JourneyFrame>
  );
}

type Mode = 'purchase' | 'retry';

function Checkout({ quote, snapshot }: { quote: QuoteView; snapshot: JourneySnapshot }) {
  const [customer, setCustomer] = useState<CheckoutCustomer>(() => checkoutCustomerOf(quote));
  const [period, setPeriod] = useState<PaymentPeriod>(quote.payment?.period ?? 'MONTHLY');
  const fullName = `${quote.customer?.first_name ?? ''} ${quote.customer?.last_name ?? ''}`.trim();
  const [details, setDetails] = useState<PaymentDetails>(() =>
    emptyPaymentDetails(fullName, quote.customer?.zip ?? ''),
  );
  const [consent, setConsent] = useState(false);
  const [terms, setTerms] = useState(false);
  // The method tokenized last (token and last four only), offered again after a refusal or a decline.
  const [saved, setSaved] = useState<PaymentMethod | null>(null);
  const [useSaved, setUseSaved] = useState(false);
  const [checked, setChecked] = useState<Record<string, string[]>>({});
  // The idempotency key of one purchase attempt: kept until the server has answered it, so pressing again
  // after a lost answer is answered with the first outcome instead of charging twice.
  const requestId = useRef<string | null>(null);
  // What was typed is sent with the purchase; once the server has answered it (bought, declined or
  // flagged), only later edits are unsaved.
  const dirty = useDirtyForm();

  const pay = useJourneyWrite(quote.uuid, async (mode: Mode) => {
    let method = useSaved ? saved : null;
    if (!method) {
      const session = await openPaymentSession();
      method = await tokenizePaymentMethod(session.session_id, paymentMethodRequest(details));
      setSaved(method);
      setUseSaved(true);
      setDetails(withoutSecrets);
    }
    requestId.current ??= crypto.randomUUID();
    const common = {
      uuid: quote.uuid,
      version: quote.version,
      requestId: requestId.current,
      paymentPeriod: period,
      payment: { token: method.token },
    };
    const options = { entityCode: quote.entity_code };
    if (mode === 'retry') return retryPayment(common, options);
    return purchase(
      {
        ...common,
        customer: purchaseCustomer(customer),
        electronicDeliveryConsent: consent,
        termsAccepted: terms,
      },
      options,
    );
  });

  const step = quote.step;
  const processing = pay.isPending || step === 'purchasing';
  // At the fraud warning the details stay on screen to be checked, but nothing is submitted.
  const frozen = processing || step === 'fraudWarning';
  // What the journey takes next from here; the payment and the consent typed are the server's to judge.
  const retrying = takesEvent(petQuoteJourneyMachine, snapshot.value, 'quote.paymentRetried');
  const mayPurchase = takesEvent(petQuoteJourneyMachine, snapshot.value, 'quote.checkoutSubmitted');
  const fields = { ...pay.errors.fields, ...checked };
  const totals = quote.totals;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string[]> = {};
    if (mayPurchase && !consent)
      found.electronicDeliveryConsent = ['The customer must consent to electronic delivery.'];
    if (mayPurchase && !terms) found.termsAccepted = ['The customer must accept the terms and conditions.'];
    setChecked(found);
    if (Object.keys(found).length > 0) return;
    pay.mutate(retrying ? 'retry' : 'purchase', {
      onSuccess: dirty.markClean,
      onSettled: (_data, error) => {
        // Only a call that never got an answer may be repeated under the same key.
        if (!(error instanceof ApiError && error.status === 0)) requestId.current = null;
      },
    });
  }

  const setField = (field: keyof CheckoutCustomer, value: string) =>
    setCustomer((c) => ({ ...c, [field]: value }));
  const customerField = (field: keyof CheckoutCustomer, label: string, extra: object = {}) => (
    <TextField
      label={label}
      name={`customer.${field}`}
      value={customer[field]}
      disabled={!mayPurchase || frozen}
      onChange={(e) => setField(field, e.target.value)}
      errors={fields[`customer.${field}`]}
      {...extra}
    />
  );

  return (
    <form {...dirty.formProps} onSubmit={submit} noValidate aria-label="Checkout" className="space-y-6">
      {step === 'fraudWarning' && <FraudWarningPanel quote={quote} snapshot={snapshot} />}
      {retrying && (
        <Alert tone="error" title="Payment declined">
          {quote.payment_error?.message ?? 'The payment could not be taken.'} Try again with the same or
          another payment method, or go back to checkout.
        </Alert>
      )}
      {quote.fraud_acknowledged && mayPurchase && (
        <Alert tone="info">The fraud warning was acknowledged; the purchase will not be flagged again.</Alert>
      )}
      {(pay.errors.message || Object.keys(checked).length > 0) && (
        <Alert tone="error">
          {Object.keys(checked).length > 0 ? 'Check the fields marked below.' : pay.errors.message}
        </Alert>
      )}
      <section
        aria-labelledby="policyholder-title"
        className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="policyholder-title" className="mb-4 text-base font-semibold text-slate-900">
          Policyholder
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          {customerField('firstName', 'First name')}
          {customerField('lastName', 'Last name')}
          {customerField('email', 'E-mail', { type: 'email' })}
          {customerField('phone', 'Phone', { type: 'tel' })}
          {customerField('street', 'Street')}
          {customerField('street2', 'Street 2', { hint: 'Optional.' })}
          {customerField('city', 'City')}
          <div className="grid grid-cols-2 gap-4">
            <TextField label="State" name="state" value={quote.customer?.state ?? ''} readOnly disabled />
            <TextField label="Zip code" name="zip" value={quote.customer?.zip ?? ''} readOnly disabled />
          </div>
        </div>
      </section>
      <CoverStartsSection pets={quote.pets} />
      <section
        aria-labelledby="period-title"
        className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="period-title" className="mb-4 text-base font-semibold text-slate-900">
          Payment period
        </h2>
        <div role="radiogroup" aria-labelledby="period-title" className="grid gap-3 md:grid-cols-2">
          <PeriodOption
            value="MONTHLY"
            current={period}
            disabled={frozen}
            onChange={setPeriod}
            title="Monthly"
            detail={
              totals
                ? `${formatMoney(totals.monthly_downpayment)} today, then ${formatMoney(totals.monthly_installment)} a month (${formatMoney(totals.monthly_total)} a year)`
                : '—'
            }
          />
          <PeriodOption
            value="ANNUAL"
            current={period}
            disabled={frozen}
            onChange={setPeriod}
            title="Annual"
            detail={totals ? `${formatMoney(totals.annual_total)} today, once a year` : '—'}
          />
        </div>
      </section>
      {/* On paper a quote is its customer, pets, plans and prices: how it will be paid is not part of it. */}
      <section
        data-print-hide
        aria-labelledby="payment-title"
        className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="payment-title" className="mb-4 text-base font-semibold text-slate-900">
          Payment method
        </h2>
        {saved && (
          <div role="radiogroup" aria-label="Which payment method" className="mb-4 space-y-2 text-sm">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="useSaved"
                checked={useSaved}
                disabled={frozen}
                onChange={() => setUseSaved(true)}
                className="size-4 text-indigo-600"
              />
              {saved.type === 'card' ? 'The card' : 'The bank account'} ending {saved.last4} ({saved.name})
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="useSaved"
                checked={!useSaved}
                disabled={frozen}
                onChange={() => setUseSaved(false)}
                className="size-4 text-indigo-600"
              />
              Another card or bank account
            </label>
          </div>
        )}
        {!useSaved && (
          <PaymentMethodFields value={details} errors={fields} disabled={frozen} onChange={setDetails} />
        )}
        {fields['payment.token'] && (
          <p className="mt-2 text-sm text-red-700" data-field-errors="payment.token">
            {fields['payment.token'].join(' ')}
          </p>
        )}
      </section>
      {mayPurchase && (
        <section
          data-print-hide
          aria-label="Consent"
          className="space-y-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
        >
          <CheckboxField
            label="The customer consents to electronic delivery of documents"
            name="electronicDeliveryConsent"
            checked={consent}
            disabled={processing}
            onChange={(e) => setConsent(e.target.checked)}
            errors={fields.electronicDeliveryConsent}
          />
          <CheckboxField
            label="The customer accepts the terms and conditions"
            name="termsAccepted"
            checked={terms}
            disabled={processing}
            onChange={(e) => setTerms(e.target.checked)}
            errors={fields.termsAccepted}
          />
        </section>
      )}
      {(mayPurchase || retrying || processing) && (
        <div className="flex items-center justify-end gap-3">
          {snapshot.value === 'purchasing' && !pay.isPending && (
            <span className="text-sm text-slate-500">Another purchase of this quote is running.</span>
          )}
          <Button type="submit" busy={processing} disabled={processing}>
            {processing ? 'Processing payment…' : retrying ? 'Retry payment' : 'Purchase'}
          </Button>
        </div>
      )}
    </form>
  );
}

interface PeriodOptionProps {
  value: PaymentPeriod;
  current: PaymentPeriod;
  title: string;
  detail: string;
  disabled: boolean;
  onChange(value: PaymentPeriod): void;
}

function PeriodOption({ value, current, title, detail, disabled, onChange }: PeriodOptionProps) {
  const chosen = value === current;
  return (
    <label
      className={`flex cursor-pointer items-start gap-3 rounded-md border p-4 text-sm ${
        chosen ? 'border-indigo-500 bg-indigo-50' : 'border-slate-200'
      }`}
    >
      <input
        type="radio"
        name="paymentPeriod"
        value={value}
        checked={chosen}
        disabled={disabled}
        onChange={() => onChange(value)}
        className="mt-0.5 size-4 text-indigo-600"
      />
      <span>
        <span className="block font-semibold text-slate-900">{title}</span>
        <span className="text-slate-600">{detail}</span>
      </span>
    </label>
  );
}

// Per pet bought, the day each category's cover starts (docs/rating.md "Waiting periods").
function CoverStartsSection({ pets }: { pets: QuoteView['pets'] }) {
  const shown = pets
    .filter((pet) => !pet.declined)
    .map((pet) => ({ pet, starts: quotePetCoverStarts(pet) }))
    .filter((row) => row.starts !== null);
  if (shown.length === 0) return null;
  return (
    <section
      aria-labelledby="cover-starts-title"
      className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="cover-starts-title" className="mb-4 text-base font-semibold text-slate-900">
        When cover starts
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {shown.map(({ pet, starts }) => (
          <div key={pet.id}>
            <h3 className="mb-1 text-sm font-semibold text-slate-700">{pet.name}</h3>
            {starts && <CoverStarts {...starts} label={`When ${pet.name}'s cover starts`} />}
          </div>
        ))}
      </div>
    </section>
  );
}
