import { randomUUID } from 'node:crypto';
import type { Db } from '../../store/db';
import type {
  BankAccountDetails,
  CardDetails,
  ChargeRequest,
  ChargeResult,
  DeclineReason,
  PaymentAdapter,
  PaymentToken,
  StoredPaymentToken,
  TokenOwner,
  TokenizeResult,
} from './paymentAdapter';
import { fullYear, normaliseDigits, validateBankAccount, validateCard } from './paymentValidation';
import { sandboxRefunds } from './sandboxRefunds';

// The built-in payment service (DESIGN.md): it really validates what it is given, keeps only a token, the
// last four digits and how the sandbox will answer, and charges idempotently. Tokens and charges live in the
// database (payment_tokens, payment_charges), so every server process sees the same ones and a repeated
// idempotency key is answered from its row, never charged again. Test numbers: docs/payments.md.

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

export function declineMessage(reason: string): string {
  return MESSAGES[reason as DeclineReason] ?? MESSAGES.card_declined;
}

export interface SandboxOptions {
  db: Db;
  now?: () => Date;
  newId?: () => string;
}

export type SandboxPaymentAdapter = PaymentAdapter & {
  // How many charges went through (in this database); lets tests prove a retried request charged once.
  chargeCount(): Promise<number>;
};

const twoDigits = (n: number) => String(n).padStart(2, '0');

export function createSandboxPaymentAdapter(options: SandboxOptions): SandboxPaymentAdapter {
  const { db } = options;
  // The payment service is another system, on its own clock unless a test or the demo's year hands one in.
  // eslint-disable-next-line no-restricted-syntax -- the outside service's clock, not the business's
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;

  async function remember(
    method: Omit<PaymentToken, 'token'> & { behaviour: Behaviour },
    owner: TokenOwner,
  ): Promise<TokenizeResult> {
    const token = `tok_${method.method}_${newId()}`;
    await db
      .insertInto('payment_tokens')
      .values({
        token,
        type: method.method,
        last4: method.last4,
        name: method.name,
        expiry: method.expiry,
        behaviour: method.behaviour,
        session_id: owner.sessionId ?? null,
        created_by: owner.userId,
        created_at: now(),
      })
      .execute();
    const { behaviour: _behaviour, ...payment } = method;
    return { ok: true, payment: { token, ...payment } };
  }

  function decline(reason: DeclineReason): ChargeResult {
    return { outcome: 'declined', reason, message: MESSAGES[reason] };
  }

  // The answer a new key gets: decided from the stored token alone, so it is the same in every process.
  async function answer(request: ChargeRequest): Promise<ChargeResult> {
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) return decline('invalid_amount');
    const method = await db
      .selectFrom('payment_tokens')
      .select(['last4', 'behaviour'])
      .where('token', '=', request.token)
      .executeTakeFirst();
    if (!method) return decline('unknown_token');
    if (method.behaviour !== 'ok') return decline(method.behaviour as DeclineReason);
    return {
      outcome: 'ok',
      chargeId: `ch_${newId()}`,
      amountCents: request.amountCents,
      last4: method.last4,
    };
  }

  async function recorded(key: string) {
    return db
      .selectFrom('payment_charges')
      .innerJoin('payment_tokens', 'payment_tokens.token', 'payment_charges.token')
      .select([
        'payment_charges.token',
        'payment_charges.amount_cents',
        'payment_charges.outcome',
        'payment_charges.reason',
        'payment_charges.charge_id',
        'payment_tokens.last4',
      ])
      .where('payment_charges.idempotency_key', '=', key)
      .executeTakeFirst();
  }

  return {
    // The sandbox is the portal's own: no key, and details go through the server's tokenize route.
    publicCredentials: () => ({
      processor: 'sandbox',
      mode: 'sandbox',
      publicKey: null,
      tokenizeUrl: null,
      methods: ['card', 'bank'],
    }),

    async tokenizeCard(card: CardDetails, owner: TokenOwner = { userId: null }) {
      const errors = validateCard(card, now());
      if (Object.keys(errors).length) return { ok: false, errors };
      const number = normaliseDigits(card.number);
      const expiry = `${twoDigits(card.expiryMonth)}/${twoDigits(fullYear(card.expiryYear) % 100)}`;
      return remember(
        {
          method: 'card',
          last4: number.slice(-4),
          name: card.name.trim(),
          expiry,
          behaviour: TEST_CARDS[number] ?? 'ok',
        },
        owner,
      );
    },

    async tokenizeBankAccount(account: BankAccountDetails, owner: TokenOwner = { userId: null }) {
      const errors = validateBankAccount(account);
      if (Object.keys(errors).length) return { ok: false, errors };
      const number = account.accountNumber;
      return remember(
        {
          method: 'bank',
          last4: number.slice(-4),
          name: account.name.trim(),
          expiry: null,
          behaviour: TEST_ACCOUNTS[number] ?? 'ok',
        },
        owner,
      );
    },

    async findToken(token: string): Promise<StoredPaymentToken | null> {
      const row = await db
        .selectFrom('payment_tokens')
        .select(['token', 'type', 'last4', 'name', 'expiry', 'created_by'])
        .where('token', '=', token)
        .executeTakeFirst();
      if (!row) return null;
      return {
        token: row.token,
        method: row.type,
        last4: row.last4,
        name: row.name,
        expiry: row.expiry,
        createdBy: row.created_by,
      };
    },

    async charge(request: ChargeRequest) {
      // A blank key would make unrelated charges look like retries of each other.
      if (!request.idempotencyKey.trim()) throw new TypeError('A charge needs an idempotency key');
      let first = await recorded(request.idempotencyKey);
      if (!first) {
        const result = await answer(request);
        // Unknown tokens and bad amounts are answered but not recorded: nothing was charged, and the
        // charges table only holds rows of real tokens.
        if (
          result.outcome === 'declined' &&
          (result.reason === 'unknown_token' || result.reason === 'invalid_amount')
        )
          return result;
        // The key is the primary key: of two processes racing with one key, one row wins and both read it.
        await db
          .insertInto('payment_charges')
          .values({
            idempotency_key: request.idempotencyKey,
            token: request.token,
            amount_cents: request.amountCents,
            outcome: result.outcome,
            reason: result.outcome === 'declined' ? result.reason : null,
            charge_id: result.outcome === 'ok' ? result.chargeId : null,
            created_at: now(),
          })
          .onConflict((oc) => oc.column('idempotency_key').doNothing())
          .execute();
        first = await recorded(request.idempotencyKey);
        if (!first) throw new Error('The charge was not recorded');
      }
      // The same request again gets the first answer; a different one under the same key is refused.
      if (first.token !== request.token || first.amount_cents !== request.amountCents) {
        return decline('idempotency_key_reused');
      }
      if (first.outcome === 'ok') {
        return {
          outcome: 'ok',
          chargeId: first.charge_id ?? '',
          amountCents: first.amount_cents,
          last4: first.last4,
        };
      }
      return decline((first.reason ?? 'card_declined') as DeclineReason);
    },

    refund: sandboxRefunds(db, now, newId),

    async chargeCount() {
      const row = await db
        .selectFrom('payment_charges')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('outcome', '=', 'ok')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
