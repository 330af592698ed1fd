import type { PurchaseRentersQuoteRequest, RentersQuoteView } from '../../../api/schemas/rentersQuotes';
import { takesEvent } from '../../../machines/machineAnswers';
import type { RentersJourneyContext, RentersPayment } from '../../../machines/rentersQuoteContext';
import { rentersQuoteJourneyMachine } from '../../../machines/rentersQuoteJourney';
import { Invalid, isRefusalOrConflict } from '../domainErrors';
import { VersionConflictError, readStream, type Trx } from '../../store/eventStore';
import { sellRentersPolicy } from '../policyMoney/sellRentersPolicy';
import { rentersToday } from '../rentersPolicies/rentersToday';
import type { RentersRating } from '../rentersRating/rentersTypes';
import { rentersPaymentOf } from './rentersQuoteCommands';
import { RENTERS_QUOTE_STREAM, rentersQuoteEvent, type RentersChargeAttempt } from './rentersQuoteEvents';
import {
  appendToRentersQuote,
  rentersJourneyOf,
  rentersStepRefusal,
  requireRentersQuoteInScope,
  requireWritableRentersQuote,
  type RentersQuoteActor,
} from './rentersQuoteExecution';
import { rentersQuoteView } from './rentersQuoteView';
import { requireNoCoverageOverlap } from './rentersCoverageCheck';
import { requireStillRewritable } from './rentersRewriteCheck';
import { ratingCoverage, toCents, toDollars } from './rentersWire';

// POST /v2/renters/quotes/{id}/purchase, as the pet purchase does it (docs/purchase.md), in three steps each
// safe to repeat:
//   1. rentersQuote.purchaseSubmitted (from review) or rentersQuote.paymentRetried (from payment failed)
//      records the attempt: requestId, amount due today, method. The quote is then at `purchasing`, which
//      takes nothing but the outcome, so a second submit cannot charge twice.
//   2. The payment service charges under the key renters_quote:<id>:<requestId>; a repeated key gets the
//      first answer.
//   3. The policy is issued and rentersQuote.purchaseSucceeded recorded, or rentersQuote.purchaseFailed.
// The same requestId again is answered from the log; at `purchasing` (a crash between 2 and 3) it finishes
// the purchase with the service's idempotent answer.

const chargeKey = (id: string, requestId: string) => `renters_quote:${id}:${requestId}`;

async function attemptInLog(trx: Trx, id: string, requestId: string) {
  const events = await readStream(trx, RENTERS_QUOTE_STREAM, id);
  const attempts = events.filter(
    (e) => e.type === 'rentersQuote.purchaseSubmitted' || e.type === 'rentersQuote.paymentRetried',
  );
  const mine = attempts.find((e) => e.data.requestId === requestId);
  if (!mine) return null;
  return { attempt: mine.data as unknown as RentersChargeAttempt, latest: attempts.at(-1) === mine };
}

// A repeated requestId: the outcome already in the log, or the unfinished purchase finished now.
async function replay(actor: RentersQuoteActor, id: string, requestId: string) {
  const found = await actor.db.transaction().execute(async (trx) => {
    const logged = await attemptInLog(trx, id, requestId);
    if (!logged) return null;
    const { state } = await rentersJourneyOf(trx, id);
    return { ...logged, state };
  });
  if (!found) return null;
  if (found.state === 'purchasing' && found.latest) return settle(actor, id, found.attempt);
  return rentersQuoteView(actor.db, id);
}

async function ratingOf(trx: Trx, id: string): Promise<RentersRating> {
  const row = await trx
    .selectFrom('renters_quotes')
    .select('rating')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  // Review is reached only through a priced coverage step, which stores the rating.
  return row.rating as RentersRating;
}

const raced = (error: unknown) => error instanceof VersionConflictError || isRefusalOrConflict(error);

export async function purchaseRentersQuote(
  actor: RentersQuoteActor,
  id: string,
  data: PurchaseRentersQuoteRequest,
): Promise<RentersQuoteView> {
  await requireRentersQuoteInScope(actor.db, actor.principal, id);
  // A repeated request answers what it did the first time, whatever the entity may do now.
  const repeated = await replay(actor, id, data.request_id);
  if (repeated) return repeated;
  const quote = await requireWritableRentersQuote(actor, id);
  const newPayment =
    data.token === undefined
      ? null
      : await rentersPaymentOf(actor, data.token, data.billing_zip_code ?? '', 'token');
  if (newPayment && data.billing_zip_code === undefined) {
    throw new Invalid({
      billing_zip_code: ['Give the billing zip code with a new payment method.'],
    });
  }

  let attempt: RentersChargeAttempt;
  try {
    attempt = await actor.db.transaction().execute(async (trx) => {
      const { state, context } = await rentersJourneyOf(trx, id);
      // A first purchase from review, or a retry after a declined payment.
      const takes = (type: string) => takesEvent(rentersQuoteJourneyMachine, state, type);
      if (!takes('rentersQuote.purchaseSubmitted') && !takes('rentersQuote.paymentRetried')) {
        throw rentersStepRefusal(state, 'rentersQuote.purchaseSubmitted');
      }
      if (context.rewriteOf !== null) {
        await requireStillRewritable(trx, context.rewriteOf, rentersToday(actor.clock));
      }
      // Another policy of the customer at the property may have been bought since the date was chosen.
      await requireNoCoverageOverlap(trx, {
        entityId: quote.entity_id,
        email: context.customer?.email ?? null,
        property: context.property!,
        effectiveDate: context.effectiveDate!,
        rewriteOf: context.rewriteOf,
      });
      const totalCents = context.premium!.totalCents;
      if (toCents(data.total) !== totalCents) {
        throw new Invalid({
          total: [`The quote's total is $${toDollars(totalCents).toFixed(2)}; review it and agree again.`],
        });
      }
      const rating = await ratingOf(trx, id);
      const payment: RentersPayment = newPayment ?? context.payment!;
      const charge: RentersChargeAttempt = {
        requestId: data.request_id,
        amountCents: rating.schedule[0]?.total ?? totalCents,
        payment,
      };
      const event =
        state === 'review'
          ? rentersQuoteEvent.purchaseSubmitted({
              ...charge,
              termsAccepted: data.terms_accepted,
              acceptedTotalCents: totalCents,
            })
          : rentersQuoteEvent.paymentRetried(charge);
      await appendToRentersQuote(trx, actor, id, [event], data.version, data.request_id);
      return charge;
    });
  } catch (error) {
    // Another process with the same requestId got there first: answer what it recorded.
    if (!raced(error)) throw error;
    const replayed = await replay(actor, id, data.request_id);
    if (replayed) return replayed;
    throw error;
  }
  return settle(actor, id, attempt);
}

function primaryPhone(context: RentersJourneyContext): string {
  return context.contacts.find((c) => c.typeCode === 'PRIMARY')?.number ?? '';
}

function primaryContactOf(context: RentersJourneyContext) {
  const c = context.contacts.find((contact) => contact.typeCode === 'PRIMARY');
  return c
    ? { numberType: c.numberType, extension: c.extension, additionalInfo: c.additionalInfo ?? null }
    : null;
}

// Charges the attempt (idempotently) and records its outcome. The charge runs outside any transaction: the
// payment service is another system, and the embedded database has one connection.
async function settle(
  actor: RentersQuoteActor,
  id: string,
  attempt: RentersChargeAttempt,
): Promise<RentersQuoteView> {
  const charge = await actor.payments.charge({
    token: attempt.payment.token,
    amountCents: attempt.amountCents,
    idempotencyKey: chargeKey(id, attempt.requestId),
  });
  const metadata = {
    userId: actor.principal.userId,
    entityId: actor.acting.id,
    requestId: actor.requestId,
    idempotencyKey: actor.idempotencyKey ?? attempt.requestId,
    at: actor.clock.now(),
  };
  try {
    return await actor.db.transaction().execute(async (trx) => {
      const { state, context } = await rentersJourneyOf(trx, id);
      if (state !== 'purchasing') return rentersQuoteView(trx, id);
      if (charge.outcome === 'declined') {
        const failed = rentersQuoteEvent.purchaseFailed({
          requestId: attempt.requestId,
          reason: charge.reason,
          message: charge.message,
        });
        return appendToRentersQuote(trx, actor, id, [failed], undefined, attempt.requestId);
      }
      const quote = await trx
        .selectFrom('renters_quotes')
        .select('entity_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const rating = await ratingOf(trx, id);
      // Purchasing is reached only with every step given, so these are all there.
      const property = context.property!;
      const customer = context.customer!;
      const premium = context.premium!;
      const mailing = customer.mailingAddress ?? property;
      const address = (a: typeof property) => ({
        line1: a.line1,
        line2: a.line2,
        city: a.city,
        state: a.stateCode,
        zip: a.zipCode,
      });
      const party = context.interestedParty;
      const nextBill = rating.next_bill && {
        dueDate: rating.next_bill.due_date,
        amountCents: rating.next_bill.amount,
      };
      const issued = await sellRentersPolicy(trx, metadata, {
        quoteId: id,
        entityId: quote.entity_id,
        rewriteOf: context.rewriteOf,
        customer: {
          firstName: customer.firstName,
          lastName: customer.lastName,
          email: customer.email,
          phone: primaryPhone(context),
        },
        primaryContact: primaryContactOf(context),
        mailingAddress: address(mailing),
        propertyAddress: address(property),
        interestedParty: party && {
          name: party.name,
          line1: party.address.line1,
          city: party.address.city,
          state: party.address.stateCode,
          zip: party.address.zipCode,
        },
        coverage: ratingCoverage(context.coverage!),
        termInterval: premium.termInterval,
        effectiveDate: context.effectiveDate!,
        termPremiumCents: premium.termPremiumCents,
        taxesCents: premium.taxesCents,
        feesCents: premium.feesCents,
        totalCents: premium.totalCents,
        nextBill,
        // Dated by the server's clock, as a pet purchase is, so a QA sandbox's moved day dates the sale.
        soldAt: actor.clock.now(),
        payment: {
          method: attempt.payment.method,
          token: attempt.payment.token,
          last4: charge.last4,
          chargeId: charge.chargeId,
          amountCents: charge.amountCents,
        },
      });
      const succeeded = rentersQuoteEvent.purchaseSucceeded({
        requestId: attempt.requestId,
        matterId: issued.matterId,
        customerId: issued.customerId,
        chargeId: charge.chargeId,
        amountCents: charge.amountCents,
        policy: {
          policyNumber: issued.policyNumber,
          statusCode: 'ACTIVE',
          termInterval: premium.termInterval,
          termPremiumCents: premium.termPremiumCents,
          effectiveDate: context.effectiveDate!,
          expirationDate: rating.expiration_date,
          nextBill: nextBill && { date: nextBill.dueDate, amountCents: nextBill.amountCents },
          rewriteOf: context.rewriteOf,
        },
      });
      return appendToRentersQuote(trx, actor, id, [succeeded], undefined, attempt.requestId);
    });
  } catch (error) {
    // Another process recorded the outcome while this one was issuing: its transaction rolled back whole.
    if (!raced(error)) throw error;
    return rentersQuoteView(actor.db, id);
  }
}
