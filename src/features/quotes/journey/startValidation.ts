import type { QuoteDraft } from './quoteDraft';

// The start step's checks before moving on, in the server's words where it has them
// (src/api/schemas/quoteCommands.ts); the server checks again when the quote is created.
const REQUIRED = 'This field is required.';

export function validateDraft(draft: QuoteDraft, today: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] = [...(errors[field] ?? []), message]);
  const c = draft.customer;
  for (const field of ['firstName', 'lastName', 'street', 'city'] as const) {
    if (!c[field].trim()) add(`customer.${field}`, REQUIRED);
  }
  if (!c.email.trim()) add('customer.email', REQUIRED);
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c.email.trim())) {
    add('customer.email', 'The e-mail address is not valid.');
  }
  if (!/^\d{10}$/.test(c.phone.replace(/\D/g, '')))
    add('customer.phone', 'The phone number must have ten digits.');
  if (!/^\d{5}$/.test(draft.zip.trim())) add('zip', 'The zip code must have five digits.');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.startDate)) add('startDate', 'The date must be a date (YYYY-MM-DD).');
  else if (draft.startDate < today) add('startDate', 'The start date cannot be in the past.');
  return errors;
}

// Phone numbers are sent as ten digits, however the agent typed them.
export function normalisedDraft(draft: QuoteDraft): QuoteDraft {
  const c = draft.customer;
  return {
    ...draft,
    zip: draft.zip.trim(),
    customer: {
      firstName: c.firstName.trim(),
      lastName: c.lastName.trim(),
      email: c.email.trim(),
      phone: c.phone.replace(/\D/g, ''),
      street: c.street.trim(),
      city: c.city.trim(),
    },
  };
}
