import { randomUUID } from 'node:crypto';
import { execute } from '../../store/aggregate';
import type { Db } from '../../store/db';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { rentersPaymentAccountAggregate } from './rentersPaymentAggregate';
import { rentersPaymentEvent, type PaymentMethodAdded } from './rentersPaymentEvents';
import type { RentersPaymentMethodsTable } from '../../store/tables/rentersPaymentTables';

// A customer's renters payment account: opened on first need, holding the methods, exactly one of them the
// active primary method that bills the customer's renters policies.

export type StoredMethod = Omit<RentersPaymentMethodsTable, 'added_at'> & { added_at: Date };

export async function findAccountId(db: Db | Trx, customerId: number): Promise<string | null> {
  const row = await db
    .selectFrom('renters_payment_accounts')
    .select('id')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.id ?? null;
}

// Two requests opening the same customer's account at once: the stream is the customer's, so the later one
// fails with a version conflict (409) instead of making a second account.
export async function openAccount(trx: Trx, metadata: EventMetadata, customerId: number): Promise<string> {
  const existing = await findAccountId(trx, customerId);
  if (existing) return existing;
  const accountId = randomUUID();
  await execute(
    trx,
    rentersPaymentAccountAggregate,
    String(customerId),
    [rentersPaymentEvent.opened({ accountId, customerId })],
    metadata,
  );
  return accountId;
}

export async function primaryMethod(db: Db | Trx, customerId: number): Promise<StoredMethod | null> {
  const row = await db
    .selectFrom('renters_payment_methods')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('is_primary', '=', true)
    .executeTakeFirst();
  return row ?? null;
}

export async function findMethod(
  db: Db | Trx,
  customerId: number,
  accountId: string,
  methodId: string,
): Promise<StoredMethod | null> {
  const row = await db
    .selectFrom('renters_payment_methods')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('account_id', '=', accountId)
    .where('id', '=', methodId)
    .executeTakeFirst();
  return row ?? null;
}

// The primary method first, then the others newest first.
export async function listMethods(db: Db | Trx, customerId: number): Promise<StoredMethod[]> {
  return db
    .selectFrom('renters_payment_methods')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('is_primary', 'desc')
    .orderBy('added_at', 'desc')
    .orderBy('id')
    .execute();
}

export type NewMethod = Omit<PaymentMethodAdded, 'methodId' | 'accountId' | 'customerId'>;

// Adds a method and makes it the primary one (the one before becomes inactive), in one append.
export async function addPrimaryMethod(
  trx: Trx,
  metadata: EventMetadata,
  customerId: number,
  method: NewMethod,
): Promise<{ methodId: string; accountId: string; previousMethodId: string | null }> {
  const accountId = await openAccount(trx, metadata, customerId);
  const previous = await primaryMethod(trx, customerId);
  const methodId = randomUUID();
  await execute(
    trx,
    rentersPaymentAccountAggregate,
    String(customerId),
    [
      rentersPaymentEvent.methodAdded({ ...method, methodId, accountId, customerId }),
      rentersPaymentEvent.primaryChanged({ methodId, previousMethodId: previous?.id ?? null }),
    ],
    metadata,
  );
  return { methodId, accountId, previousMethodId: previous?.id ?? null };
}
