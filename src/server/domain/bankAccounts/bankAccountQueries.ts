import type { Selectable } from 'kysely';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import type { EntityBankAccountsTable } from './bankAccountTables';

export type StoredBankAccount = Selectable<EntityBankAccountsTable>;

export async function findBankAccount(db: Db | Trx, id: string): Promise<StoredBankAccount | null> {
  const row = await db.selectFrom('entity_bank_accounts').selectAll().where('id', '=', id).executeTakeFirst();
  return row ?? null;
}

// Every attempt of an entity, newest first (the screen's history).
export async function listEntityBankAccounts(db: Db | Trx, entityId: number): Promise<StoredBankAccount[]> {
  return db
    .selectFrom('entity_bank_accounts')
    .selectAll()
    .where('entity_id', '=', entityId)
    .orderBy('verified_at', 'desc')
    .orderBy('id')
    .execute();
}

// The entity's verified payout account (at most one is active): a statement is paid into it (issue 7).
export async function activeBankAccountId(db: Db | Trx, entityId: number): Promise<string | null> {
  const row = await db
    .selectFrom('entity_bank_accounts')
    .select('id')
    .where('entity_id', '=', entityId)
    .where('status', '=', 'active')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

// Whether the entity has a verified payout account: a statement may be marked paid only then.
export async function hasVerifiedBankAccount(db: Db | Trx, entityId: number): Promise<boolean> {
  return (await activeBankAccountId(db, entityId)) !== null;
}
