// SPEC §3 "Account type (with enable-state-mapping flag)": the kinds of account the product takes money from or
// pays money to (docs/payments.md "Account types"). A customer pays a pet or renters premium by card or from a
// checking or savings account (the payment service tokenizes either); an agency's commission is paid to a
// checking or savings account (bank account verification). `enableStateMapping` says whether the type's
// availability is set state by state: the product sets none so, every type is taken in every state an
// agency quotes in, so it is false for each.
export interface AccountType {
  code: 'CARD' | 'CHECKING' | 'SAVINGS';
  description: string;
  enableStateMapping: boolean;
  usedFor: readonly ('CUSTOMER_PAYMENT' | 'AGENCY_PAYOUT')[];
}

export const ACCOUNT_TYPES: readonly AccountType[] = [
  {
    code: 'CARD',
    description: 'Credit or debit card',
    enableStateMapping: false,
    usedFor: ['CUSTOMER_PAYMENT'],
  },
  {
    code: 'CHECKING',
    description: 'Checking account',
    enableStateMapping: false,
    usedFor: ['CUSTOMER_PAYMENT', 'AGENCY_PAYOUT'],
  },
  {
    code: 'SAVINGS',
    description: 'Savings account',
    enableStateMapping: false,
    usedFor: ['CUSTOMER_PAYMENT', 'AGENCY_PAYOUT'],
  },
];
