import type { QuoteCommandResult } from '../../../api/schemas/quoteCommands';
import type { PurchaseCustomerInput } from '../../../api/schemas/quotePurchase';
import type { SpecPurchaseRequest } from '../../../api/schemas/specQuoteRequests';
import { Invalid } from '../domainErrors';
import { loadRateTables } from '../rating/loadRateTables';
import { periodFees } from '../rating/quotePayments';
import { purchase } from './purchaseQuote';
import type { QuoteActor } from './quoteExecution';
import { requireQuoteInScope } from './quoteQueries';
import {
  collectInvalid,
  requireAgentOf,
  requireCustomerOfRequest,
  withSpecFieldNames,
} from './specRequestChecks';

// SPEC §3's purchase request (`POST /v2/policies`; docs/quote-actions.md "A quote request as SPEC writes it"),
// bought by the wrapper's `purchase`: the same attempt, charge and policies, the same requestId replay. What
// the request adds is checked before anything is charged: the policyholder it names is the agency's, the
// agent is the agency's, the payment account and method are the tokenized method's, and the fees it showed
// are the fees of the period. Any of them wrong is a 422 on that field, and nothing is charged.
export async function purchaseFromRequest(
  actor: QuoteActor,
  request: SpecPurchaseRequest,
): Promise<QuoteCommandResult> {
  if (request.quoteId && request.uuid && request.quoteId !== request.uuid) {
    throw new Invalid({ uuid: ['quoteId and uuid name different quotes.'] });
  }
  const uuid = request.quoteId ?? request.uuid;
  if (!uuid) throw new Invalid({ quoteId: ['Name the quote to buy.'] });
  const quote = await requireQuoteInScope(actor.db, actor.principal, uuid);
  const errors: Record<string, string[]> = {};
  const customer = await policyholder(actor, uuid, quote.entity_id, request.customerId, errors);
  const agentId = request.agentId;
  if (agentId !== undefined) {
    await collectInvalid(errors, () => requireAgentOf(actor, agentId, quote.entity_id, 'agentId'));
  }
  await checkPaymentAccount(actor, request, errors);
  if (request.fees !== undefined && quote.state && quote.start_date) {
    const tables = await loadRateTables(actor.db, quote.state, quote.start_date);
    const cents = periodFees(tables, request.paymentPeriod).reduce((sum, f) => sum + f.total, 0);
    if (Math.round(request.fees * 100) !== cents) {
      errors.fees = [
        `The fees of ${request.paymentPeriod.toLowerCase()} payment are $${(cents / 100).toFixed(2)}; show the customer these.`,
      ];
    }
  }
  if (Object.keys(errors).length > 0) throw new Invalid(errors);

  const account = request.paymentAccount;
  return withSpecFieldNames(() =>
    purchase(
      actor,
      {
        uuid,
        requestId: request.requestId,
        customer: customer!,
        electronicDeliveryConsent: request.electronicDeliveryConsent,
        termsAccepted: request.termsAndConditions,
        paymentPeriod: request.paymentPeriod,
        payment: { token: account.token },
      },
      {
        ...(request.agentId !== undefined && { agentId: request.agentId }),
        paymentAccount: {
          name: account.name ?? null,
          bank: account.bank ?? null,
          cardExpiry: account.cardExpiry ?? null,
        },
      },
    ),
  );
}

// The policyholder: the customer the request names (the agency's own, whose record the purchase keeps), or
// the quote's customer as rating info left it. Null only with an error recorded.
async function policyholder(
  actor: QuoteActor,
  uuid: string,
  entityId: number,
  customerId: number | undefined,
  errors: Record<string, string[]>,
): Promise<PurchaseCustomerInput | null> {
  if (customerId !== undefined) {
    const holder = await collectInvalid(errors, () => requireCustomerOfRequest(actor, customerId));
    if (!holder) return null;
    // A purchase keeps the policyholder record of the quote's agency (customerForPurchase).
    if (holder.entity_id !== entityId) {
      errors.customerId = ['This customer is another agency’s; the quote’s agency keeps its own.'];
      return null;
    }
    return {
      firstName: holder.first_name,
      lastName: holder.last_name,
      email: holder.email,
      phone: holder.phone,
      street: holder.address_line_1,
      street2: holder.address_line_2,
      city: holder.city,
    };
  }
  const q = await actor.db
    .selectFrom('quotes')
    .select(['first_name', 'last_name', 'email', 'phone', 'street', 'street2', 'city'])
    .where('uuid', '=', uuid)
    .executeTakeFirstOrThrow();
  return {
    firstName: q.first_name ?? '',
    lastName: q.last_name ?? '',
    email: q.email ?? '',
    phone: q.phone ?? '',
    street: q.street ?? '',
    street2: q.street2,
    city: q.city ?? '',
  };
}

// Each detail of the payment account the request shows must be the tokenized method's: a client that shows
// the customer one card and sends another's token is refused, not charged.
async function checkPaymentAccount(
  actor: QuoteActor,
  request: SpecPurchaseRequest,
  errors: Record<string, string[]>,
): Promise<void> {
  const account = request.paymentAccount;
  const stored = await actor.payments.findToken(account.token);
  if (!stored || stored.createdBy !== actor.principal.userId) {
    errors['paymentAccount.token'] = ['The payment method is not known; enter it again.'];
    return;
  }
  const differs = (field: string, what: string) => {
    errors[field] = [`The ${what} is not the payment method’s.`];
  };
  if (account.type !== undefined && account.type !== stored.method) differs('paymentAccount.type', 'type');
  if (request.paymentMethod !== undefined && request.paymentMethod !== stored.method) {
    differs('paymentMethod', 'payment method');
  }
  if (account.lastFour !== undefined && account.lastFour !== stored.last4) {
    differs('paymentAccount.lastFour', 'last four');
  }
  if (account.cardExpiry != null && account.cardExpiry !== stored.expiry) {
    differs('paymentAccount.cardExpiry', 'card expiry');
  }
  if (account.name !== undefined && account.name.toLowerCase() !== stored.name.trim().toLowerCase()) {
    differs('paymentAccount.name', 'name');
  }
}
