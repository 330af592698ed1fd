// The payment service behind checkout (SPEC §7 "payment session", tokenize, purchase), as a small interface
// so a real processor can replace the built-in sandbox. Card and account numbers go in once, to tokenize;
// everything after works with the token, and only a token and the last four digits are ever kept.

export interface CardDetails {
  number: string;
  expiryMonth: number;
  // Four digits; two-digit years are read as 20xx.
  expiryYear: number;
  cvc: string;
  name: string;
  zip: string;
}

export interface BankAccountDetails {
  routingNumber: string;
  accountNumber: string;
  name: string;
  accountType: 'checking' | 'savings';
}

export interface PaymentToken {
  token: string;
  method: 'card' | 'bank';
  last4: string;
  // The name on the card or account, and a card's MM/YY expiry (null for a bank account).
  name: string;
  expiry: string | null;
}

// Who tokenized, so a token is only ever charged for the user who entered it.
export interface TokenOwner {
  userId: number | null;
  sessionId?: string | null;
}

export interface StoredPaymentToken extends PaymentToken {
  createdBy: number | null;
}

// A refusal to tokenize names the fields at fault, in the shape of a 422 (SPEC §5).
export type TokenizeResult =
  { ok: true; payment: PaymentToken } | { ok: false; errors: Record<string, string[]> };

export interface ChargeRequest {
  token: string;
  amountCents: number;
  // The same key always gets the same answer and charges at most once (a retried request, a double click).
  idempotencyKey: string;
}

export type DeclineReason =
  'card_declined' | 'insufficient_funds' | 'unknown_token' | 'invalid_amount' | 'idempotency_key_reused';

export type ChargeResult =
  | { outcome: 'ok'; chargeId: string; amountCents: number; last4: string }
  | { outcome: 'declined'; reason: DeclineReason; message: string };

export interface RefundRequest {
  // The charge the money goes back to.
  chargeId: string;
  amountCents: number;
  // As for charges: the same key always gets the same answer and refunds at most once.
  idempotencyKey: string;
}

export type RefundRefusal = 'unknown_charge' | 'invalid_amount' | 'exceeds_charge' | 'idempotency_key_reused';

export type RefundResult =
  | { outcome: 'ok'; refundId: string; amountCents: number }
  | { outcome: 'declined'; reason: RefundRefusal; message: string };

// What a browser may know of the service to tokenize a method (GET /v2/renters/credentials): never a secret.
export interface PublicPaymentCredentials {
  processor: string;
  mode: 'sandbox' | 'production';
  // The processor's publishable key, or null when the browser needs none.
  publicKey: string | null;
  // The processor's own tokenize address, or null when details are tokenized through the portal's server
  // (POST /v2/renters/tokenize), as the sandbox's are.
  tokenizeUrl: string | null;
  methods: readonly ('card' | 'bank')[];
}

export interface PaymentAdapter {
  publicCredentials(): PublicPaymentCredentials;
  tokenizeCard(card: CardDetails, owner?: TokenOwner): Promise<TokenizeResult>;
  tokenizeBankAccount(account: BankAccountDetails, owner?: TokenOwner): Promise<TokenizeResult>;
  // The token as it was stored (never the full number), or null when unknown.
  findToken(token: string): Promise<StoredPaymentToken | null>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  // Money back to a successful charge, never more than what is left of it.
  refund(request: RefundRequest): Promise<RefundResult>;
}
