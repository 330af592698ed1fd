import { useState, type FormEvent } from 'react';
import { giveRentersCustomer, type RentersCustomerInput } from '../../../api/calls/rentersQuotes';
import type { RentersQuoteView } from '../../../api/schemas/rentersQuotes';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/forms/Button';
import { useDirtyForm } from '../../../ui/forms/unsavedChanges';
import { CheckboxField } from '../../../ui/forms/CheckboxField';
import { SelectField } from '../../../ui/forms/SelectField';
import { TextField } from '../../../ui/forms/TextField';
import { AddressFields, addressDraftOf } from './AddressFields';
import { PremiumSummary } from './PremiumSummary';
import { RentersBackButton } from './RentersBackButton';
import type { RentersSnapshot } from './rentersSnapshot';
import { useRentersWrite } from './useRentersWrite';

export interface CustomerStepProps {
  quote: RentersQuoteView;
  snapshot: RentersSnapshot;
}

type NumberType = 'MOBILE' | 'HOME' | 'WORK';

const NUMBER_TYPES = [
  { value: 'MOBILE', label: 'Mobile' },
  { value: 'HOME', label: 'Home' },
  { value: 'WORK', label: 'Work' },
];

const numberTypeOf = (s: string | undefined): NumberType => (s === 'HOME' || s === 'WORK' ? s : 'MOBILE');

// The customer and their phone numbers: one primary, one optional secondary; mail goes to the property
// unless another mailing address is given.
export function CustomerStep({ quote, snapshot }: CustomerStepProps) {
  const c = quote.customer;
  const primary = quote.contacts.find((x) => x.type === 'PRIMARY');
  const secondary = quote.contacts.find((x) => x.type === 'SECONDARY');
  const [first, setFirst] = useState(c?.name_first ?? '');
  const [last, setLast] = useState(c?.name_last ?? '');
  const [email, setEmail] = useState(c?.email ?? '');
  const [otherMail, setOtherMail] = useState(Boolean(c?.mailing_address));
  const [mailing, setMailing] = useState(() => addressDraftOf(c?.mailing_address ?? null));
  const [phone, setPhone] = useState(primary?.number ?? '');
  const [phoneType, setPhoneType] = useState<NumberType>(numberTypeOf(primary?.number_type));
  const [phone2, setPhone2] = useState(secondary?.number ?? '');
  const [phoneInfo, setPhoneInfo] = useState(primary?.additional_info ?? '');
  const write = useRentersWrite(quote.id, (body: RentersCustomerInput) =>
    giveRentersCustomer(quote.id, body),
  );
  const dirty = useDirtyForm();
  const fields = write.errors.fields;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const contacts: RentersCustomerInput['contacts'] = [
      {
        type: 'PRIMARY',
        number_type: phoneType,
        number: phone,
        extension: null,
        additional_info: phoneInfo.trim() || null,
      },
    ];
    if (phone2.trim())
      contacts.push({ type: 'SECONDARY', number_type: 'HOME', number: phone2, extension: null });
    write.mutate(
      {
        version: quote.version,
        customer: {
          name_first: first,
          name_last: last,
          email,
          mailing_address: otherMail ? { ...mailing, line_2: mailing.line_2.trim() || null } : null,
        },
        contacts,
      },
      { onSuccess: dirty.markClean },
    );
  };
  const busy = write.isPending;
  return (
    <form {...dirty.formProps} aria-label="Customer" onSubmit={submit} className="space-y-6" noValidate>
      {write.errors.message && <Alert tone="error">{write.errors.message}</Alert>}
      <section className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6 md:grid-cols-2">
        <TextField
          label="First name"
          name="customer.name_first"
          disabled={busy}
          value={first}
          onChange={(e) => setFirst(e.target.value)}
          errors={fields['customer.name_first']}
        />
        <TextField
          label="Last name"
          name="customer.name_last"
          disabled={busy}
          value={last}
          onChange={(e) => setLast(e.target.value)}
          errors={fields['customer.name_last']}
        />
        <TextField
          label="E-mail"
          name="customer.email"
          type="email"
          disabled={busy}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          errors={fields['customer.email']}
        />
        <div />
        <TextField
          label="Primary phone"
          name="contacts.0.number"
          type="tel"
          disabled={busy}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          errors={[...(fields['contacts.0.number'] ?? []), ...(fields.contacts ?? [])]}
        />
        <SelectField
          label="Primary phone type"
          name="contacts.0.number_type"
          options={NUMBER_TYPES}
          disabled={busy}
          value={phoneType}
          onChange={(e) => setPhoneType(numberTypeOf(e.target.value))}
          errors={fields['contacts.0.number_type']}
        />
        <TextField
          label="Secondary phone (optional)"
          name="contacts.1.number"
          type="tel"
          disabled={busy}
          value={phone2}
          onChange={(e) => setPhone2(e.target.value)}
          errors={fields['contacts.1.number']}
        />
        <TextField
          label="Primary phone notes (optional)"
          name="contacts.0.additional_info"
          hint="For example the best time to call."
          maxLength={200}
          disabled={busy}
          value={phoneInfo}
          onChange={(e) => setPhoneInfo(e.target.value)}
          errors={fields['contacts.0.additional_info']}
        />
      </section>
      <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-6">
        <CheckboxField
          label="Mail to another address"
          name="has_mailing_address"
          description="Otherwise mail goes to the rented property."
          checked={otherMail}
          disabled={busy}
          onChange={(e) => setOtherMail(e.target.checked)}
        />
        {otherMail && (
          <AddressFields
            prefix="customer.mailing_address"
            label="Mailing"
            value={mailing}
            errors={fields}
            disabled={busy}
            onChange={setMailing}
          />
        )}
      </section>
      {quote.premium && <PremiumSummary premium={quote.premium} />}
      <div className="flex items-start justify-between gap-4">
        <RentersBackButton quote={quote} snapshot={snapshot} />
        <Button type="submit" busy={busy}>
          Continue to payment
        </Button>
      </div>
    </form>
  );
}
