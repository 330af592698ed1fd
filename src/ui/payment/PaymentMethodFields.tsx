import { SelectField } from '../forms/SelectField';
import { TextField } from '../forms/TextField';
import { RECORDING_BLOCKED_CLASS } from '../recordingPrivacy';
import type { PaymentDetails, PaymentKind } from './paymentDetails';

export interface PaymentMethodFieldsProps {
  value: PaymentDetails;
  errors: Record<string, string[]>;
  disabled?: boolean;
  // The kinds offered (card and bank account unless said otherwise); with one, no choice is shown.
  kinds?: readonly PaymentKind[];
  // In a dialog the fields have a dialog's width whatever the window's: the card number keeps a line of its
  // own, as on a tablet.
  narrow?: boolean;
  onChange(value: PaymentDetails): void;
}

// The card's columns of six: the number, the short fields, the name.
const CARD_SPANS = {
  wide: {
    number: 'md:col-span-6 lg:col-span-3',
    short: 'md:col-span-2 lg:col-span-1',
    name: 'md:col-span-3',
  },
  narrow: { number: 'md:col-span-6', short: 'md:col-span-2', name: 'md:col-span-6' },
} as const;

const KINDS: { value: PaymentKind; label: string }[] = [
  { value: 'card', label: 'Card' },
  { value: 'bank', label: 'Bank account' },
];

// Card or bank account; the server's messages come back keyed `card.number`, `bank.routingNumber`, ….
export function PaymentMethodFields({
  value,
  errors,
  disabled,
  kinds = ['card', 'bank'],
  narrow = false,
  onChange,
}: PaymentMethodFieldsProps) {
  const set = (patch: Partial<PaymentDetails>) => onChange({ ...value, ...patch });
  const spans = CARD_SPANS[narrow ? 'narrow' : 'wide'];
  const offered = KINDS.filter((kind) => kinds.includes(kind.value));
  return (
    // Never captured by a support recording, typed text nor element (docs/session-recording.md).
    <div className={`space-y-4 ${RECORDING_BLOCKED_CLASS}`}>
      {offered.length > 1 && (
        <div role="radiogroup" aria-label="Payment method" className="flex gap-6 text-sm">
          {offered.map((kind) => (
            <label key={kind.value} className="flex items-center gap-2 font-medium text-slate-800">
              <input
                type="radio"
                name="paymentKind"
                value={kind.value}
                checked={value.kind === kind.value}
                disabled={disabled}
                onChange={() => set({ kind: kind.value })}
                className="size-4 text-indigo-600"
              />
              {kind.label}
            </label>
          ))}
        </div>
      )}
      {value.kind === 'card' ? (
        // On a tablet the card number has a line of its own, so the short fields keep their labels on one.
        <div className="grid gap-4 md:grid-cols-6">
          <TextField
            label="Card number"
            name="card.number"
            className={spans.number}
            inputMode="numeric"
            autoComplete="cc-number"
            disabled={disabled}
            value={value.cardNumber}
            onChange={(e) => set({ cardNumber: e.target.value })}
            errors={errors['card.number']}
          />
          <TextField
            label="Expiry (MM/YY)"
            name="card.expiry"
            className={spans.short}
            placeholder="MM/YY"
            autoComplete="cc-exp"
            disabled={disabled}
            value={value.expiry}
            onChange={(e) => set({ expiry: e.target.value })}
            errors={errors['card.expiry']}
          />
          <TextField
            label="CVC"
            name="card.cvc"
            className={spans.short}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            disabled={disabled}
            value={value.cvc}
            onChange={(e) => set({ cvc: e.target.value })}
            errors={errors['card.cvc']}
          />
          <TextField
            label="Billing zip"
            name="card.zip"
            className={spans.short}
            inputMode="numeric"
            disabled={disabled}
            value={value.billingZip}
            onChange={(e) => set({ billingZip: e.target.value })}
            errors={errors['card.zip']}
          />
          <TextField
            label="Name on card"
            name="card.name"
            className={spans.name}
            autoComplete="cc-name"
            disabled={disabled}
            value={value.cardName}
            onChange={(e) => set({ cardName: e.target.value })}
            errors={errors['card.name']}
          />
        </div>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label="Routing number"
            name="bank.routingNumber"
            inputMode="numeric"
            disabled={disabled}
            value={value.routingNumber}
            onChange={(e) => set({ routingNumber: e.target.value })}
            errors={errors['bank.routingNumber']}
          />
          <TextField
            label="Account number"
            name="bank.accountNumber"
            inputMode="numeric"
            disabled={disabled}
            value={value.accountNumber}
            onChange={(e) => set({ accountNumber: e.target.value })}
            errors={errors['bank.accountNumber']}
          />
          <SelectField
            label="Account type"
            name="bank.accountType"
            options={[
              { value: 'checking', label: 'Checking' },
              { value: 'savings', label: 'Savings' },
            ]}
            disabled={disabled}
            value={value.accountType}
            onChange={(e) => set({ accountType: e.target.value === 'savings' ? 'savings' : 'checking' })}
            errors={errors['bank.accountType']}
          />
          <TextField
            label="Account holder name"
            name="bank.name"
            disabled={disabled}
            value={value.accountName}
            onChange={(e) => set({ accountName: e.target.value })}
            errors={errors['bank.name']}
          />
        </div>
      )}
    </div>
  );
}
