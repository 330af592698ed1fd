import { TextField } from '../../../ui/forms/TextField';

// An address as the agent types it; the wire names (line_1, zip_code, …) key the server's messages.
export interface AddressDraft {
  line_1: string;
  line_2: string;
  city: string;
  state: string;
  zip_code: string;
}

export const EMPTY_ADDRESS: AddressDraft = { line_1: '', line_2: '', city: '', state: '', zip_code: '' };

export function addressDraftOf(
  a: { line_1: string; line_2: string | null; city: string; state: string; zip_code: string } | null,
): AddressDraft {
  return a ? { ...a, line_2: a.line_2 ?? '' } : EMPTY_ADDRESS;
}

export interface AddressFieldsProps {
  // The request path of the address: `property`, `interested_party`, `customer.mailing_address`.
  prefix: string;
  // Label prefix, so two addresses on one screen keep distinct accessible names.
  label: string;
  value: AddressDraft;
  errors: Record<string, string[]>;
  disabled?: boolean;
  onChange(value: AddressDraft): void;
}

export function AddressFields({ prefix, label, value, errors, disabled, onChange }: AddressFieldsProps) {
  const field = (key: keyof AddressDraft, text: string, className = '') => (
    <TextField
      label={`${label} ${text}`}
      name={`${prefix}.${key}`}
      className={className}
      disabled={disabled}
      value={value[key]}
      onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      errors={errors[`${prefix}.${key}`]}
    />
  );
  return (
    <div className="grid gap-4 md:grid-cols-6">
      {field('line_1', 'street', 'md:col-span-4')}
      {field('line_2', 'unit', 'md:col-span-2')}
      {field('city', 'city', 'md:col-span-3')}
      {field('state', 'state', 'md:col-span-1')}
      {field('zip_code', 'zip code', 'md:col-span-2')}
    </div>
  );
}
