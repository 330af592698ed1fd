import { sql } from 'kysely';
import {
  COMMAND_EVENTS,
  outOfDateRefusal,
  type Staleness,
  type StatementCommand,
} from '../../../machines/commissionStatement';
import { Refused } from '../domainErrors';
import type { NewEvent, Trx } from '../../store/eventStore';
import { activeBankAccountOf } from '../bankAccounts/bankAccountQueries';

// What a statement command appends (SPEC §4; docs/decisions/009), for the single command and a bulk batch
// alike: approve, unapprove and mark unpaid carry nothing; mark paid carries the verified payout account and
// the amount, and is refused when the entity has no verified account; approve says the statement is up to
// date, and is refused when it is not (docs/decisions/014).

export function noBankAccountMessage(entityCode: string) {
  return `${entityCode} has no verified bank account: verify one under Accounting → Bank Account Verification before marking its statement paid.`;
}

export interface PaymentFacts {
  entityCode: string;
  paymentTotalCents: number;
  bankAccountId: string | null;
}

// What marking paid needs of each statement: its payment total and its entity's verified payout account,
// for many statements at once.
export async function paymentFacts(trx: Trx, ids: readonly number[]): Promise<Map<number, PaymentFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom('commission_statements as s')
    .innerJoin('entities as e', 'e.id', 's.entity_id')
    .select([
      's.id',
      's.payment_total_cents',
      'e.entity_code',
      activeBankAccountOf(sql.ref<number>('s.entity_id')).as('bank_account_id'),
    ])
    .where('s.id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        entityCode: r.entity_code,
        paymentTotalCents: Number(r.payment_total_cents),
        bankAccountId: r.bank_account_id ?? null,
      },
    ]),
  );
}

// The event a command appends to a statement, or the refusal it answers instead; null when the statement's
// payment facts were not read (it is gone). `stale` is what an approved statement would be missing.
export function commandEvent(
  command: StatementCommand,
  facts: PaymentFacts | undefined,
  today: string,
  stale?: Staleness | null,
): NewEvent | Refused | null {
  const type = COMMAND_EVENTS[command];
  if (command === 'approve') {
    return stale ? new Refused(outOfDateRefusal(stale)) : { type, data: { upToDate: true } };
  }
  if (command !== 'markPaid') return { type, data: {} };
  if (!facts) return null;
  if (!facts.bankAccountId) return new Refused(noBankAccountMessage(facts.entityCode));
  return {
    type,
    data: {
      bankAccountVerified: true,
      bankAccountId: facts.bankAccountId,
      paymentAmountCents: facts.paymentTotalCents,
      paidOn: today,
    },
  };
}
