import type { QuoteView } from '../../../api/schemas/quoteCommands';

// The policyholder as checkout confirms it; state and zip stay the quote's (the rates depend on them).
export interface CheckoutCustomer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  street2: string;
  city: string;
}

export function checkoutCustomerOf(quote: QuoteView): CheckoutCustomer {
  const c = quote.customer;
  return {
    firstName: c?.first_name ?? '',
    lastName: c?.last_name ?? '',
    email: c?.email ?? '',
    phone: c?.phone ?? '',
    street: c?.street ?? '',
    street2: c?.street2 ?? '',
    city: c?.city ?? '',
  };
}

export function purchaseCustomer(c: CheckoutCustomer) {
  return {
    firstName: c.firstName.trim(),
    lastName: c.lastName.trim(),
    email: c.email.trim(),
    phone: c.phone.replace(/\D/g, ''),
    street: c.street.trim(),
    street2: c.street2.trim() || null,
    city: c.city.trim(),
  };
}
