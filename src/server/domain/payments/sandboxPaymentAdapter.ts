import { randomUUID } from 'node:crypto';
import type {
  BankAccountDetails,
  CardDetails,
  ChargeRequest,
  ChargeResult,
  DeclineReason,
  PaymentAdapter,
  TokenizeResult,
} from './paymentAdapter';
import { normaliseDigits, validateBankAccount, validateCard } from './paymentValidation';

// The built-in payment service (DESIGN.md): it really validates what it is given, keeps only a token, the
// last four digits and how the sandbox will answer, and charges idempotently. Its memory is one process's,
// so the server records each charge's idempotency key and outcome in the quote's events as well.
// Test numbers that decline are listed in docs/payments.md.

type Behaviour = 'ok' | Extract<DeclineReason, 'card_declined' | 'insufficient_funds'>;

// Full numbers are compared once, at tokenizing, and then forgotten.
const TEST_CARDS: Readonly<Record<string, Behaviour>> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
};
const TEST_ACCOUNTS: Readonly<Record<string, Behaviour>> = {
  '000000000002': 'card_declined',
  '000000009995': 'insufficient_funds',
};

const MESSAGES: Readonly<Record<DeclineReason, string>> = {
  card_declined: 'The payment was declined.',
  insufficient_funds: 'The payment was declined for insufficient funds.',
  unknown_token: 'The payment method is not known; enter it again.',
  invalid_amount: 'The amount must be a whole number of cents above zero.',
  idempotency_key_reused: 'This request key was already used for another charge.',
};

interface StoredMethod {
  method: 'card' | 'bank';
  last4: string;
  behaviour: Behaviour;
}

interface StoredCharge {
  token: string;
  amountCents: number;
  result: ChargeResult;
}

export interface SandboxOptions {
  now?: () => Date;
  newId?: () => string;
}

export function createSandboxPaymentAdapter(options: SandboxOptions = {}): PaymentAdapter & {
  chargeCount(): number;
} {
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const methods = new Map<string, StoredMethod>();
  const charges = new Map<string, StoredCharge>();
  let charged = 0;

  function remember(method: StoredMethod): TokenizeResult {
    const token = `tok_${method.method}_${newId()}`;
    methods.set(token, method);
    return { ok: true, payment: { token, method: method.method, last4: method.last4 } };
  }

  function decline(reason: DeclineReason): ChargeResult {
    return { outcome: 'declined', reason, message: MESSAGES[reason] };
  }

  function answer(request: ChargeRequest): ChargeResult {
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) return decline('invalid_amount');
    const method = methods.get(request.token);
    if (!method) return decline('unknown_token');
    if (method.behaviour !== 'ok') return decline(method.behaviour);
    charged += 1;
    return {
      outcome: 'ok',
      chargeId: `ch_${newId()}`,
      amountCents: request.amountCents,
      last4: method.last4,
    };
  }

  return {
    async tokenizeCard(card: CardDetails) {
      const errors = validateCard(card, now());
      if (Object.keys(errors).length) return { ok: false, errors };
      const number = normaliseDigits(card.number);
      return remember({ method: 'card', last4: number.slice(-4), behaviour: TEST_CARDS[number] ?? 'ok' });
    },

    async tokenizeBankAccount(account: BankAccountDetails) {
      const errors = validateBankAccount(account);
      if (Object.keys(errors).length) return { ok: false, errors };
      const number = account.accountNumber;
      return remember({ method: 'bank', last4: number.slice(-4), behaviour: TEST_ACCOUNTS[number] ?? 'ok' });
    },

    async charge(request: ChargeRequest) {
      // A blank key would make unrelated charges look like retries of each other.
      if (!request.idempotencyKey.trim()) throw new TypeError('A charge needs an idempotency key');
      const previous = charges.get(request.idempotencyKey);
      if (previous) {
        // The same request again gets the first answer; a different one under the same key is refused.
        const same = previous.token === request.token && previous.amountCents === request.amountCents;
        return same ? previous.result : decline('idempotency_key_reused');
      }
      const result = answer(request);
      charges.set(request.idempotencyKey, { token: request.token, amountCents: request.amountCents, result });
      return result;
    },

    // How many charges really went through; lets tests prove a retried request charged once.
    chargeCount: () => charged,
  };
}
