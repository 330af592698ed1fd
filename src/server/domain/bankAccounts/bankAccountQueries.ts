import { sql, type Expression, type Selectable } from 'kysely';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import type { EntityBankAccountsTable } from '../../store/tables/bankAccountTables';

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
  const row = await db.selectNoFrom(activeBankAccountOf(sql.val(entityId)).as('id')).executeTakeFirst();
  return row?.id ?? null;
}

// The same account as a scalar subquery of an entity id (a column of the outer query or a value), so a batch
// of statements reads its accounts in the query that reads the statements.
export const activeBankAccountOf = (entityId: Expression<number>) =>
  sql<string | null>`(select b.id from entity_bank_accounts b
    where b.entity_id = ${entityId} and b.status = 'active' limit 1)`;

// Whether the entity has a verified payout account: a statement may be marked paid only then.
export async function hasVerifiedBankAccount(db: Db | Trx, entityId: number): Promise<boolean> {
  return (await activeBankAccountId(db, entityId)) !== null;
}
