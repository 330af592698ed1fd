import { randomUUID } from 'node:crypto';
import { Conflict, notFound } from '../domainErrors';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import type { RentersSetupIntentsTable } from '../../store/tables/rentersPaymentTables';

// Setup intents: one per "update payment method" attempt, for one customer and the user who opened it,
// good for 30 minutes, created → tokenized (the card or account became a token) → attached (the token
// became the customer's method). Each step happens once: a second use is refused, never repeated.
export const SETUP_INTENT_MINUTES = 30;

export type SetupIntentRow = Omit<RentersSetupIntentsTable, 'created_at' | 'expires_at'> & {
  created_at: Date;
  expires_at: Date;
};

export async function createSetupIntent(
  db: Db,
  customerId: number,
  userId: number,
  now: Date,
): Promise<SetupIntentRow> {
  const row = {
    id: randomUUID(),
    customer_id: customerId,
    user_id: userId,
    status: 'created' as const,
    token: null,
    type_code: null,
    last4: null,
    billing_zip_code: null,
    method_id: null,
    created_at: now,
    expires_at: new Date(now.getTime() + SETUP_INTENT_MINUTES * 60_000),
  };
  await db.insertInto('renters_setup_intents').values(row).execute();
  return row;
}

const conflict = (message: string) => new Conflict(message);

// The caller's own intent; another user's is as unknown as a made-up id. `customerId` narrows it to the
// customer of the path, when there is one.
export async function findOwnIntent(
  db: Db | Trx,
  intentId: string,
  userId: number,
  customerId?: number,
): Promise<SetupIntentRow> {
  let query = db
    .selectFrom('renters_setup_intents')
    .selectAll()
    .where('id', '=', intentId)
    .where('user_id', '=', userId);
  if (customerId !== undefined) query = query.where('customer_id', '=', customerId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('setup intent');
  return row;
}

// The intent is ready for the step `expected` leads to: unexpired and at that status, or a 409 saying why.
export function requireIntentAt(intent: SetupIntentRow, expected: 'created' | 'tokenized', now: Date): void {
  if (intent.status === 'attached')
    throw conflict('This setup intent was already used to add a payment method. Start again.');
  if (expected === 'created' && intent.status !== 'created')
    throw conflict('A payment method was already entered for this setup intent. Start again.');
  if (expected === 'tokenized' && intent.status !== 'tokenized')
    throw conflict('No payment method was entered for this setup intent yet.');
  if (intent.expires_at.getTime() <= now.getTime()) throw conflict('This setup intent expired. Start again.');
}

// Moves the intent on only from the status it was read at: of two requests racing, one wins and the other
// is refused as a second use.
export async function advanceIntent(
  db: Db | Trx,
  intentId: string,
  from: 'created' | 'tokenized',
  set: Partial<
    Pick<RentersSetupIntentsTable, 'token' | 'type_code' | 'last4' | 'billing_zip_code' | 'method_id'>
  >,
): Promise<void> {
  const result = await db
    .updateTable('renters_setup_intents')
    .set({ ...set, status: from === 'created' ? 'tokenized' : 'attached' })
    .where('id', '=', intentId)
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw conflict('This setup intent was already used. Start again.');
}
