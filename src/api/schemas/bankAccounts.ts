import { z } from 'zod';
import { pageOf, searchQuery } from './paging';
import { MAX_INT } from './numbers';

// Bank account verification (SPEC §7 "POST /v2/bank-accounts", docs/payments.md "Bank account
// verification"): a payee entity's account checked for RTP eligibility. Requests come in three shapes; the
// eligibility result carries SPEC's camelCase names (isRtpEligible, responseCode, message). No answer ever
// carries the account number: its last four digits only.

const digits = (field: string, min: number, max: number, message: string) =>
  z
    .string({ error: `The ${field} is required.` })
    .trim()
    .regex(new RegExp(`^\\d{${min},${max}}$`), { error: message });

export const ACCOUNT_TYPES = ['checking', 'savings'] as const;
export const AccountType = z.enum(ACCOUNT_TYPES, { error: 'The account type must be checking or savings.' });
export type AccountType = z.infer<typeof AccountType>;

const entityId = z
  .number({ error: 'Choose the agency the account pays.' })
  .int({ error: 'Choose the agency the account pays.' })
  .positive({ error: 'Choose the agency the account pays.' })
  .max(MAX_INT, { error: 'Choose the agency the account pays.' });
// The check digit is the server's to judge (422 on the routing number's field); here only the shape.
const routingNumber = digits('routing number', 9, 9, 'The routing number must be 9 digits.');
const accountNumber = digits('account number', 4, 17, 'The account number must be 4 to 17 digits.');
const holderName = z
  .string({ error: 'The account holder name is required.' })
  .trim()
  .min(1, { error: 'The account holder name is required.' })
  .max(100);

// The request in the three shapes a client may send it (docs/payments.md "Bank account verification"):
// the portal's `{data: {...}}`, SPEC §3's wire `{routing_number, account_number}` and SPEC §7's
// `{routingNumber, accountNumber}`. Only the two numbers are required: the agency is the acting agency
// when not named, the holder the agency's name and the type checking.
export const VerifyBankAccountData = z.strictObject({
  entity_id: entityId.optional(),
  routing_number: routingNumber,
  account_number: accountNumber,
  holder_name: holderName.optional(),
  account_type: AccountType.optional(),
});
export type VerifyBankAccountData = z.input<typeof VerifyBankAccountData>;
export const VerifyBankAccountRequest = z.strictObject({ data: VerifyBankAccountData });
export const VerifyBankAccountWire = VerifyBankAccountData;
export const VerifyBankAccountScreen = z.strictObject({
  entityId: entityId.optional(),
  routingNumber,
  accountNumber,
  holderName: holderName.optional(),
  accountType: AccountType.optional(),
});
export const VerifyBankAccountBody = z.union([
  VerifyBankAccountRequest,
  VerifyBankAccountWire,
  VerifyBankAccountScreen,
]);

// What the route reads from any of the three.
export interface BankAccountSent {
  entityId?: number;
  routingNumber: string;
  accountNumber: string;
  holderName?: string;
  accountType?: AccountType;
}

// One verification attempt as stored: eligible ones are `verified`; the latest verified is `active`.
export const BankAccount = z.object({
  id: z.string(),
  entity_id: z.number().int(),
  routing_number: z.string(),
  account_last4: z.string(),
  holder_name: z.string(),
  account_type: AccountType,
  verified: z.boolean(),
  // ISO 8601, UTC: when the account was checked.
  verified_at: z.string(),
  is_rtp_eligible: z.boolean(),
  response_code: z.string(),
  message: z.string(),
  status: z.enum(['active', 'replaced', 'failed']),
});
export type BankAccount = z.infer<typeof BankAccount>;

export const BankAccountVerification = z.object({
  isRtpEligible: z.boolean(),
  responseCode: z.string(),
  message: z.string(),
  account: BankAccount,
});
export type BankAccountVerification = z.infer<typeof BankAccountVerification>;
export const BankAccountVerificationResponse = z.object({ data: BankAccountVerification });

export const BankAccountListResponse = z.object({ data: z.array(BankAccount) });

// ----- Search (GET /v2/bank-accounts) -----

export const BANK_ACCOUNT_SORT_FIELDS = ['verified_at', 'entity_code', 'entity_name'] as const;
export type BankAccountSortField = (typeof BANK_ACCOUNT_SORT_FIELDS)[number];

export const BANK_ACCOUNT_FILTERS = {
  // The start of the entity code (1234-56…).
  entityCode: z
    .string()
    .trim()
    .max(20)
    .regex(/^[\dA-Za-z-]*$/, { error: 'An entity code has digits, letters and dashes only.' })
    .transform((code) => code.toUpperCase()),
  verified: z.enum(['true', 'false'], { error: 'verified must be true or false' }),
};
export const BankAccountSearchQuery = searchQuery(BANK_ACCOUNT_FILTERS, BANK_ACCOUNT_SORT_FIELDS, {
  sort: 'verified_at',
  order: 'desc',
});
export type BankAccountFilterKey = keyof typeof BANK_ACCOUNT_FILTERS;

export const BankAccountRow = BankAccount.extend({ entity_code: z.string(), entity_name: z.string() });
export type BankAccountRow = z.infer<typeof BankAccountRow>;
export const BankAccountSearchResponse = pageOf(BankAccountRow);
export type BankAccountSearchResponse = z.infer<typeof BankAccountSearchResponse>;
