import { TextField } from '../../../ui/forms/TextField';
import type { QuoteDraft } from './quoteDraft';

export type CustomerValues = Omit<QuoteDraft, 'entityCode'>;

export interface CustomerFieldsProps {
  values: CustomerValues;
  errors: Record<string, string[]>;
  // The earliest start date offered (today in Central time).
  minStartDate: string;
  onChange(values: CustomerValues, field: string): void;
}

// The customer's contact details, zip and start date: asked at the start step, changeable when the quote
// is rated again. Field names follow the server's 422 paths (`customer.email`, `zip`, `startDate`).
export function CustomerFields({ values, errors, minStartDate, onChange }: CustomerFieldsProps) {
  const customerField = (field: keyof CustomerValues['customer'], label: string, extra: object = {}) => (
    <TextField
      label={label}
      name={`customer.${field}`}
      required
      autoComplete="off"
      value={values.customer[field]}
      onChange={(e) =>
        onChange(
          { ...values, customer: { ...values.customer, [field]: e.target.value } },
          `customer.${field}`,
        )
      }
      errors={errors[`customer.${field}`]}
      {...extra}
    />
  );
  return (
    <>
      <section aria-labelledby="customer-title" className="grid gap-4 md:grid-cols-2">
        <h2 id="customer-title" className="text-base font-semibold text-slate-900 md:col-span-2">
          Customer
        </h2>
        {customerField('firstName', 'First name')}
        {customerField('lastName', 'Last name')}
        {customerField('email', 'E-mail', { type: 'email' })}
        {customerField('phone', 'Phone', { type: 'tel', hint: 'Ten digits.' })}
        {customerField('street', 'Street')}
        {customerField('city', 'City')}
      </section>
      <section aria-labelledby="policy-title" className="grid gap-4 md:grid-cols-2">
        <h2 id="policy-title" className="text-base font-semibold text-slate-900 md:col-span-2">
          Policy
        </h2>
        <TextField
          label="Zip code"
          name="zip"
          required
          inputMode="numeric"
          maxLength={5}
          hint="Decides the state the policy is sold in."
          value={values.zip}
          onChange={(e) => onChange({ ...values, zip: e.target.value }, 'zip')}
          errors={errors.zip}
        />
        <TextField
          label="Start date"
          name="startDate"
          type="date"
          required
          min={minStartDate}
          hint="Today or later (Central time)."
          value={values.startDate}
          onChange={(e) => onChange({ ...values, startDate: e.target.value }, 'startDate')}
          errors={errors.startDate}
        />
      </section>
    </>
  );
}
