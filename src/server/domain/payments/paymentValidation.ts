import { isAbaRoutingNumber } from './abaRouting';
import { isLuhnValid } from './luhn';
import type { BankAccountDetails, CardDetails } from './paymentAdapter';

// Checks raw card and bank details before they are tokenized. Answers field → messages (SPEC §5 shape);
// an empty object means the details are usable.
type FieldErrors = Record<string, string[]>;

// Card numbers are typed with spaces or dashes between groups; those are not part of the number.
export function normaliseDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

function add(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

export function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

export function validateCard(card: CardDetails, now: Date): FieldErrors {
  const errors: FieldErrors = {};
  const number = normaliseDigits(card.number);
  if (!/^\d{12,19}$/.test(number)) add(errors, 'number', 'The card number must be 12 to 19 digits.');
  else if (!isLuhnValid(number)) add(errors, 'number', 'The card number is not valid.');

  const year = fullYear(card.expiryYear);
  if (!Number.isInteger(card.expiryMonth) || card.expiryMonth < 1 || card.expiryMonth > 12)
    add(errors, 'expiry', 'The expiry month must be 1 to 12.');
  else if (!Number.isInteger(year)) add(errors, 'expiry', 'The expiry year is not valid.');
  // A card is good through the last day of its expiry month (UTC, the processors' clock).
  else if (Date.UTC(year, card.expiryMonth, 1) <= now.getTime())
    add(errors, 'expiry', 'The card has expired.');

  if (!/^\d{3,4}$/.test(card.cvc)) add(errors, 'cvc', 'The security code must be 3 or 4 digits.');
  if (!card.name.trim()) add(errors, 'name', 'The name on the card is required.');
  if (!/^\d{5}(-\d{4})?$/.test(card.zip)) add(errors, 'zip', 'The billing zip code must be 5 digits.');
  return errors;
}

export function validateBankAccount(account: BankAccountDetails): FieldErrors {
  const errors: FieldErrors = {};
  if (!isAbaRoutingNumber(account.routingNumber))
    add(errors, 'routingNumber', 'The routing number is not valid.');
  if (!/^\d{4,17}$/.test(account.accountNumber))
    add(errors, 'accountNumber', 'The account number must be 4 to 17 digits.');
  if (!account.name.trim()) add(errors, 'name', 'The account holder name is required.');
  if (account.accountType !== 'checking' && account.accountType !== 'savings')
    add(errors, 'accountType', 'The account type must be checking or savings.');
  return errors;
}
