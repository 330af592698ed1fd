import { Forbidden } from '../domainErrors';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';

// An entity's can_quote (a referral partner's type never may) decides whether quotes are made, changed or
// bought for it; the portal's start screen only filters on it. An inactive entity sells nothing either: staff
// and a parent agency still reach its quotes, but may not carry them on for it. Every entity a quote write is for must hold
// it: the entity the request acts for (header or the wrapper's meta.agent.entityCode) and the quote's own,
// which may have lost it since the quote was made. Reads of existing quotes do not ask.

interface NonQuotingEntity {
  entity_code: string;
  entity_name: string;
  status_code: string;
}

export const quotingRefused = (entity: NonQuotingEntity) =>
  new Forbidden(
    `The agency ${entity.entity_name} (${entity.entity_code})${entity.status_code === 'ACTIVE' ? '' : ' is inactive and'} may not quote.`,
  );

// The first of the entities that may not quote, or null when all may.
export async function entityThatMayNotQuote(
  db: Db | Trx,
  entityIds: readonly number[],
): Promise<NonQuotingEntity | null> {
  if (entityIds.length === 0) return null;
  const found = await db
    .selectFrom('entities')
    .select(['entity_code', 'entity_name', 'status_code'])
    .where('id', 'in', [...new Set(entityIds)])
    .where((eb) => eb.or([eb('can_quote', '=', false), eb('status_code', '!=', 'ACTIVE')]))
    .orderBy('id')
    .executeTakeFirst();
  return found ?? null;
}

export async function requireQuotingEntities(db: Db | Trx, entityIds: readonly number[]): Promise<void> {
  const refused = await entityThatMayNotQuote(db, entityIds);
  if (refused) throw quotingRefused(refused);
}

// The entities a write to a quote is for, from the events it appends: a quote's first events name the
// entity it is made for (a rewrite's, the old policy's), which the read tables do not hold yet.
export function entityIdsNamedBy(events: readonly { data: Record<string, unknown> }[]): number[] {
  return events.flatMap((e) => (typeof e.data.entityId === 'number' ? [e.data.entityId] : []));
}
