import { sql } from 'kysely';
import type { QuoteCommandResult } from '../../../api/schemas/quoteCommands';
import type { PurchaseData, RetryPaymentData } from '../../../api/schemas/quotePurchase';
import { takesEvent } from '../../../machines/machineAnswers';
import type { PaymentDetails } from '../../../machines/petQuoteContext';
import { petQuoteJourneyMachine } from '../../../machines/petQuoteJourney';
import { Invalid, isRefusalOrConflict } from '../domainErrors';
import { VersionConflictError, readStream, type Trx } from '../../store/eventStore';
import { customerForPurchase } from '../customers/customerCommands';
import { sellPetPolicies } from '../policyMoney/sellPetPolicies';
import { ActionRefused } from '../actionRefused';
import { checkFraud } from './fraudRule';
import {
  QUOTE_STREAM,
  quoteEvent,
  type ChargeAttempt,
  type PaymentPeriod,
  type QuoteCheckoutSubmitted,
} from './quoteEvents';
import {
  appendToQuote,
  quoteMetadata,
  journeyOf,
  requireWritableQuote,
  stepRefusal,
  type QuoteActor,
} from './quoteExecution';
import { quoteView, requireQuoteInScope } from './quoteQueries';
import { amountDue, rateChosenPlans } from './quoteTotals';

// Actions `purchase` and `retryPayment` (SPEC §7 "POST /v2/policies", docs/purchase.md). A purchase is three
// steps, each safe to repeat:
//   1. quote.checkoutSubmitted (or quote.paymentRetried) records the attempt: requestId, amount, period and
//      method; the quote is then at `purchasing`, which takes nothing but the outcome.
//   2. The payment service charges under the key quote:<uuid>:<requestId>; its charges table answers a
//      repeated key with the first outcome, in every process.
//   3. quote.purchaseSucceeded with the customer and one policy per pet, or quote.purchaseFailed.
// The same requestId again is answered from the log; at `purchasing` (a crash between 2 and 3) it finishes
// the purchase with the service's idempotent answer.

type Attempt = ChargeAttempt & { payment: PaymentDetails };

const chargeKey = (uuid: string, requestId: string) => `quote:${uuid}:${requestId}`;

// The attempt of this requestId in the quote's log, and whether it is the one the quote is waiting on.
async function attemptInLog(trx: Trx, uuid: string, requestId: string) {
  const events = await readStream(trx, QUOTE_STREAM, uuid);
  const attempts = events.filter(
    (e) => e.type === 'quote.checkoutSubmitted' || e.type === 'quote.paymentRetried',
  );
  const mine = attempts.find((e) => e.data.requestId === requestId);
  if (!mine) return null;
  return { attempt: mine.data as unknown as Attempt, latest: attempts.at(-1) === mine };
}

// A repeated requestId: the outcome already in the log, or the unfinished purchase finished now.
async function replay(
  actor: QuoteActor,
  uuid: string,
  requestId: string,
): Promise<QuoteCommandResult | null> {
  const found = await actor.db.transaction().execute(async (trx) => {
    const logged = await attemptInLog(trx, uuid, requestId);
    if (!logged) return null;
    const { state } = await journeyOf(trx, uuid);
    return { ...logged, state };
  });
  if (!found) return null;
  if (found.state === 'purchasing' && found.latest) return settle(actor, uuid, found.attempt);
  const quote = await quoteView(actor.db, uuid);
  return { uuid, step: quote.step, quote };
}

// The token must exist and be the caller's own: tokens of other users are as unknown as made-up ones.
async function paymentOf(actor: QuoteActor, token: string): Promise<PaymentDetails> {
  const stored = await actor.payments.findToken(token);
  if (!stored || stored.createdBy !== actor.principal.userId) {
    throw new Invalid({
      'data.payment.token': ['The payment method is not known; enter it again.'],
    });
  }
  return { method: stored.method, token: stored.token, last4: stored.last4 };
}

async function dueToday(trx: Trx, uuid: string, period: PaymentPeriod): Promise<number> {
  const row = await trx
    .selectFrom('quotes')
    .select([
      'monthly_downpayment_cents',
      'monthly_installment_cents',
      'monthly_total_cents',
      'annual_total_cents',
    ])
    .where('uuid', '=', uuid)
    .executeTakeFirstOrThrow();
  // The projection keeps the totals from coverage; a quote covered before it did is rated here.
  const totals =
    row.monthly_downpayment_cents !== null && row.annual_total_cents !== null
      ? {
          monthlyDownpayment: row.monthly_downpayment_cents,
          monthlyInstallment: row.monthly_installment_cents ?? 0,
          monthlyTotal: row.monthly_total_cents ?? 0,
          annualTotal: row.annual_total_cents,
        }
      : await rateChosenPlans(trx, uuid);
  if (!totals) throw new ActionRefused('Choose coverage for every pet before checking out.');
  return amountDue(totals, period);
}

// Two processes given the same requestId at once: the one whose append lost the race answers from the log
// what the winner recorded, rather than a 409 for a request that did go through.
async function submitOnce<T>(
  actor: QuoteActor,
  uuid: string,
  requestId: string,
  submit: () => Promise<T>,
): Promise<{ done: T } | { replayed: QuoteCommandResult }> {
  try {
    return { done: await submit() };
  } catch (error) {
    // A lost append race, or a step that moved on because the other process's attempt committed first.
    const raced = error instanceof VersionConflictError || isRefusalOrConflict(error);
    if (!raced) throw error;
    const replayed = await replay(actor, uuid, requestId);
    if (replayed) return { replayed };
    throw error;
  }
}

// What a SPEC purchase request adds to the wrapper's (specPurchase.ts): the agent credited and the payment
// account as the client showed it, recorded with the attempt.
export type PurchaseExtras = Pick<QuoteCheckoutSubmitted, 'agentId' | 'paymentAccount'>;

export async function purchase(
  actor: QuoteActor,
  data: PurchaseData,
  extras: PurchaseExtras = {},
): Promise<QuoteCommandResult> {
  await requireQuoteInScope(actor.db, actor.principal, data.uuid);
  // A repeated request answers what it did the first time, whatever the entity may do now.
  const repeated = await replay(actor, data.uuid, data.requestId);
  if (repeated) return repeated;
  await requireWritableQuote(actor, data.uuid);
  const payment = await paymentOf(actor, data.payment.token);

  const outcome = await submitOnce(actor, data.uuid, data.requestId, () =>
    actor.db.transaction().execute(async (trx) => {
      const { state, context } = await journeyOf(trx, data.uuid);
      if (!takesEvent(petQuoteJourneyMachine, state, 'quote.checkoutSubmitted')) {
        throw stepRefusal(state, 'quote.checkoutSubmitted');
      }
      // Checkout is reached only after rating, so the customer is there; state and zip stay the quote's.
      const rated = context.customer!;
      if (!context.fraudAcknowledged) {
        const flag = await checkFraud(trx, data.customer, actor.clock.now());
        if (flag) {
          const result = await appendToQuote(
            trx,
            actor,
            data.uuid,
            [quoteEvent.fraudFlagged({ reason: flag.reason, rule: flag.rule })],
            data.version,
          );
          return { flagged: true as const, result };
        }
      }
      const attempt: QuoteCheckoutSubmitted = {
        requestId: data.requestId,
        paymentPeriod: data.paymentPeriod,
        amountCents: await dueToday(trx, data.uuid, data.paymentPeriod),
        payment,
        electronicDeliveryConsent: data.electronicDeliveryConsent,
        termsAccepted: data.termsAccepted,
        customer: { ...data.customer, state: rated.state, zip: rated.zip },
        ...extras,
      };
      await appendToQuote(trx, actor, data.uuid, [quoteEvent.checkoutSubmitted(attempt)], data.version);
      return { flagged: false as const, attempt };
    }),
  );
  if ('replayed' in outcome) return outcome.replayed;
  const submitted = outcome.done;
  if (submitted.flagged) return submitted.result;
  return settle(actor, data.uuid, submitted.attempt);
}

export async function retryPayment(actor: QuoteActor, data: RetryPaymentData): Promise<QuoteCommandResult> {
  await requireQuoteInScope(actor.db, actor.principal, data.uuid);
  const repeated = await replay(actor, data.uuid, data.requestId);
  if (repeated) return repeated;
  const quote = await requireWritableQuote(actor, data.uuid);
  const payment = await paymentOf(actor, data.payment.token);

  const outcome = await submitOnce(actor, data.uuid, data.requestId, () =>
    actor.db.transaction().execute(async (trx) => {
      const { state } = await journeyOf(trx, data.uuid);
      if (!takesEvent(petQuoteJourneyMachine, state, 'quote.paymentRetried')) {
        throw stepRefusal(state, 'quote.paymentRetried');
      }
      const row = await trx
        .selectFrom('quotes')
        .select('payment_period')
        .where('uuid', '=', quote.uuid)
        .executeTakeFirstOrThrow();
      const paymentPeriod = data.paymentPeriod ?? (row.payment_period === 'ANNUAL' ? 'ANNUAL' : 'MONTHLY');
      const retried: Attempt = {
        requestId: data.requestId,
        paymentPeriod,
        amountCents: await dueToday(trx, data.uuid, paymentPeriod),
        payment,
      };
      await appendToQuote(trx, actor, data.uuid, [quoteEvent.paymentRetried(retried)], data.version);
      return retried;
    }),
  );
  if ('replayed' in outcome) return outcome.replayed;
  return settle(actor, data.uuid, outcome.done);
}

// Charges the attempt (idempotently) and records its outcome. The charge runs outside any transaction: the
// payment service is another system, and the embedded database has one connection.
async function settle(actor: QuoteActor, uuid: string, attempt: Attempt): Promise<QuoteCommandResult> {
  const charge = await actor.payments.charge({
    token: attempt.payment.token,
    amountCents: attempt.amountCents,
    idempotencyKey: chargeKey(uuid, attempt.requestId),
  });
  const metadata = quoteMetadata(actor, actor.idempotencyKey ?? attempt.requestId);
  const base: ChargeAttempt = {
    requestId: attempt.requestId,
    paymentPeriod: attempt.paymentPeriod,
    amountCents: attempt.amountCents,
  };
  try {
    return await actor.db.transaction().execute(async (trx) => {
      const { state } = await journeyOf(trx, uuid);
      // Another process recorded the outcome first: answer what the log says.
      if (state !== 'purchasing') {
        const quote = await quoteView(trx, uuid);
        return { uuid, step: quote.step, quote };
      }
      if (charge.outcome === 'declined') {
        return appendToQuote(trx, actor, uuid, [
          quoteEvent.purchaseFailed({ ...base, reason: charge.reason, message: charge.message }),
        ]);
      }
      const q = await trx
        .selectFrom('quotes')
        .selectAll()
        .select(sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('start_day'))
        .where('uuid', '=', uuid)
        .executeTakeFirstOrThrow();
      const customerId = await customerForPurchase(trx, metadata, q.entity_id, uuid, {
        firstName: q.first_name ?? '',
        lastName: q.last_name ?? '',
        email: q.email ?? '',
        phone: q.phone ?? '',
        addressLine1: q.street ?? '',
        addressLine2: q.street2,
        city: q.city ?? '',
        state: q.state ?? '',
        zip: q.zip ?? '',
      });
      const policyNumbers = await sellPetPolicies(
        trx,
        metadata,
        {
          quoteUuid: uuid,
          entityId: q.entity_id,
          customerId,
          state: q.state ?? '',
          startDate: q.start_day,
          paymentPeriod: attempt.paymentPeriod,
        },
        {
          chargeId: charge.chargeId,
          amountCents: charge.amountCents,
          token: attempt.payment.token,
          method: attempt.payment.method,
          last4: charge.last4,
        },
      );
      return appendToQuote(trx, actor, uuid, [
        quoteEvent.purchaseSucceeded({
          ...base,
          policyNumbers,
          customerId,
          chargeId: charge.chargeId,
          method: attempt.payment.method,
          last4: charge.last4,
        }),
      ]);
    });
  } catch (error) {
    // Another process recorded the outcome while this one was issuing: its transaction is rolled back
    // whole (customer and policies too), and the answer is what the log now says.
    const raced = error instanceof VersionConflictError || isRefusalOrConflict(error);
    if (!raced) throw error;
    const quote = await quoteView(actor.db, uuid);
    return { uuid, step: quote.step, quote };
  }
}
