import { sql } from 'kysely';
import { NotFound, Refused } from '../domainErrors';
import { execute } from '../../store/aggregate';
import type { EventMetadata, NewEvent, Trx } from '../../store/eventStore';
import { claimAggregate } from './claimAggregate';
import { applyClaimChange, type ClaimChange } from './claimStatus';
import { claimEvent, type ClaimStatus, type ClaimSubmitted } from './matterEvents';

// Claims on a pet policy: each its own `claim` stream (stream id = the claim id), numbered CLM-<8 digits>.
export async function submitClaim(
  trx: Trx,
  metadata: EventMetadata,
  claim: Omit<ClaimSubmitted, 'claimId' | 'claimNumber'>,
): Promise<{ claimId: number; claimNumber: string }> {
  const { rows } = await sql<{ id: string; n: string }>`
    select nextval('claim_id_seq')::text as id, nextval('claim_number_seq')::text as n`.execute(trx);
  const claimId = Number(rows[0]!.id);
  const claimNumber = `CLM-${rows[0]!.n.padStart(8, '0')}`;
  await execute(
    trx,
    claimAggregate,
    String(claimId),
    [claimEvent.submitted({ ...claim, claimId, claimNumber })],
    metadata,
  );
  return { claimId, claimNumber };
}

const changeOf = (event: NewEvent): ClaimChange => ({ ...event.data, type: event.type }) as ClaimChange;

// Appends the changes if the claim's status allows each in turn; otherwise a 409 naming the status.
export async function changeClaim(
  trx: Trx,
  metadata: EventMetadata,
  claimId: number,
  events: readonly NewEvent[],
): Promise<void> {
  const row = await trx
    .selectFrom('claims')
    .select(['status', 'approved_cents', 'paid_cents'])
    .where('id', '=', claimId)
    .executeTakeFirst();
  if (!row) throw new NotFound('The claim was not found.');
  let figures = {
    status: row.status as ClaimStatus,
    approvedCents: row.approved_cents,
    paidCents: row.paid_cents,
  };
  for (const event of events) {
    const next = applyClaimChange(figures, changeOf(event));
    if (!next) {
      throw new Refused(`A ${figures.status.toLowerCase()} claim does not allow ${event.type}.`);
    }
    figures = next;
  }
  await execute(trx, claimAggregate, String(claimId), events, metadata);
}
