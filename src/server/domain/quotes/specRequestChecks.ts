import { refusalMessage } from '../actionRefused';
import { requireCustomerInScope } from '../customers/customerQueries';
import { Invalid } from '../domainErrors';
import type { QuoteActor } from './quoteExecution';

// What SPEC's quote and purchase requests (specQuoteRequests.ts, specPurchase.ts) check beyond their shapes,
// and how the journey's commands' field names are told in the request's.

// An agent named by a request (the logged-in agent, the agent a sale is credited to) is the caller, or an
// enabled user of the agency the quote is for.
export async function requireAgentOf(
  actor: QuoteActor,
  userId: number,
  entityId: number,
  field: string,
): Promise<void> {
  if (userId === actor.principal.userId) return;
  const user = await actor.db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('entity_id', '=', entityId)
    .where('is_enabled', '=', true)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  if (!user) throw new Invalid({ [field]: ['This agent is not a user of the agency.'] });
}

// A policyholder a request names by customerId, in the caller's scope; otherwise a 422 on customerId with the
// wrapper's `customer` refusal (the same for a customer that does not exist and one outside the scope).
export async function requireCustomerOfRequest(actor: QuoteActor, customerId: number) {
  try {
    return await requireCustomerInScope(actor.db, actor.principal, customerId);
  } catch (error) {
    const message = refusalMessage(error);
    if (message === null) throw error;
    throw new Invalid({ customerId: [message] });
  }
}

// A check whose refusal is an Invalid, its field messages kept beside the others' so that one answer names
// every field at fault; null when it refused.
export async function collectInvalid<T>(
  errors: Record<string, string[]>,
  check: () => Promise<T>,
): Promise<T | null> {
  try {
    return await check();
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    Object.assign(errors, error.fields);
    return null;
  }
}

// The wrapper's commands name fields as its actions' data (`data.pets.0.breedCode`); a SPEC request has them
// flat, with the pet's plan under `coverage` and its answers as `underwritingAnswers`.
const PET_FIELD: Readonly<Record<string, string>> = {
  breedCode: 'breed',
  answers: 'underwritingAnswers',
  planCode: 'coverage.planCode',
  deductible: 'coverage.deductible',
  reimbursement: 'coverage.reimbursement',
  examFee: 'coverage.examFee',
  wellnessCode: 'coverage.wellnessCode',
};

export function specFieldName(field: string): string {
  const flat = field.replace(/^data\./, '').replace(/^customer\./, '');
  const pet = /^pets\.(\d+)\.(\w+)$/.exec(flat);
  if (pet) return pet[2] === 'petId' ? `pets.${pet[1]}` : `pets.${pet[1]}.${PET_FIELD[pet[2]!] ?? pet[2]}`;
  if (flat === 'payment.token') return 'paymentAccount.token';
  return flat;
}

export async function withSpecFieldNames<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    const fields: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(error.fields)) {
      const name = specFieldName(field);
      fields[name] = [...(fields[name] ?? []), ...messages];
    }
    throw new Invalid(fields, error.message);
  }
}
