import type { Insertable, Updateable } from 'kysely';
import { type ProjectionSpec, type StoredEvent, type Trx } from '../../store/eventStore';
import { insertRows } from '../../store/insertRows';
import { PORTAL_BRAND_CODE } from '../brand/portalBrand';
import { refundKey } from './cancellationRefundKey';
import { quotesDeclinedAtPurchase } from './initialPayment';
import { POLICY_STREAM, type PolicyCancelled, type PolicyIssued, type PolicyRenewed } from './policyEvents';
import type { PoliciesTable, PolicyRefundsTable } from '../../store/tables/policyTables';

// Read table `policies` (SPEC §3 "Policies (pets)"), kept in step with the policy stream; policy search
// reads it. A cancellation also records the refund (`policy_refunds`).

type RefundRow = Omit<Insertable<PolicyRefundsTable>, 'matter_id' | 'reference'>;

// What an event does to the policy's row: the issue inserts it; every later event moves the policy's
// version; a cancellation also its status and cancel date, and records the refund. The status is CANCELLED
// from the commit on, with the cancel effective date saying when cover ends (SPEC §9: CANCELLED is the only
// other status shown); the policy's lifecycle tells what may still be done. A reinstatement makes it ACTIVE
// again without a cancel date; the refund recorded by the cancellation stays (billing settles the money), and
// a later cancellation's record replaces it only when that one refunds something (one record per policy). A
// renewal moves the term and the annual premium to the new term's (inception stays the first term's start).
type PolicyChange =
  { insert: Insertable<PoliciesTable> } | { set: Updateable<PoliciesTable>; refund?: RefundRow };

// `declined`: the quotes whose purchase was declined before it paid (initialPayment.ts), which events written
// before that rule recorded as paid at once.
function changeOf(event: StoredEvent, declined: ReadonlySet<string>): PolicyChange {
  if (event.type === 'policy.issued') return { insert: issuedRow(event, declined) };
  if (event.type === 'policy.reinstated') {
    return {
      set: {
        policy_version: event.version,
        status_code: 'ACTIVE',
        cancel_effective_date: null,
        cancel_reason: null,
      },
    };
  }
  if (event.type === 'policy.renewed') {
    const r = event.data as unknown as PolicyRenewed;
    return {
      set: {
        policy_version: event.version,
        effective_date: r.effectiveDate,
        expiration_date: r.expirationDate,
        annual_premium_cents: r.annualPremiumCents,
      },
    };
  }
  if (event.type !== 'policy.cancelled') return { set: { policy_version: event.version } };
  const c = event.data as unknown as PolicyCancelled;
  return {
    set: {
      policy_version: event.version,
      status_code: 'CANCELLED',
      cancel_effective_date: c.cancelEffectiveDate,
      cancel_reason: c.reason,
    },
    refund: {
      policy_number: event.streamId,
      amount_cents: c.refundCents,
      refunded_on: c.committedOn,
      reason: c.reason,
      created_at: event.recordedAt,
    },
  };
}

function issuedRow(event: StoredEvent, declined: ReadonlySet<string>): Insertable<PoliciesTable> {
  const p = event.data as unknown as PolicyIssued;
  return {
    policy_number: p.policyNumber,
    matter_id: p.matterId,
    policy_version: event.version,
    quote_uuid: p.quoteUuid,
    entity_id: p.entityId,
    customer_id: p.customerId,
    pet_id: p.pet.id,
    pet_name: p.pet.name,
    species: p.pet.species,
    breed: p.pet.breed,
    gender: p.pet.gender,
    age_at_inception: p.pet.ageAtInception,
    plan_code: p.planCode,
    term_type: p.termType,
    status_code: 'ACTIVE',
    brand_code: p.brandCode ?? PORTAL_BRAND_CODE,
    state: p.state,
    deductible_cents: p.deductibleCents,
    reimbursement: p.reimbursement,
    annual_coverage_cents: p.annualCoverageCents,
    exam_fee: p.examFee,
    wellness_code: p.wellnessCode,
    annual_premium_cents: p.premiumCents,
    payment_period: p.paymentPeriod,
    init_pay_successful: p.initialPaymentSuccessful && !declined.has(p.quoteUuid),
    purchase_date: p.purchaseDate,
    inception_date: p.effectiveDate,
    effective_date: p.effectiveDate,
    expiration_date: p.expirationDate,
    cancel_effective_date: null,
    purchased_at: event.recordedAt,
  };
}

// The payment service's answered refunds of these policies (found when a rebuild meets a cancellation whose
// refund was already made), by policy number.
async function refundReferences(trx: Trx, policyNumbers: readonly string[]): Promise<Map<string, string>> {
  if (policyNumbers.length === 0) return new Map();
  const keys = new Map(policyNumbers.map((n) => [refundKey(n), n]));
  const answered = await trx
    .selectFrom('payment_refunds')
    .select(['idempotency_key', 'refund_id'])
    .where('idempotency_key', 'in', [...keys.keys()])
    .where('outcome', '=', 'ok')
    .execute();
  return new Map(answered.map((r) => [keys.get(r.idempotency_key)!, r.refund_id!]));
}

const quoteOf = (event: StoredEvent) =>
  event.type === 'policy.issued' ? [(event.data as unknown as PolicyIssued).quoteUuid] : [];

async function project(trx: Trx, event: StoredEvent): Promise<void> {
  const change = changeOf(event, await quotesDeclinedAtPurchase(trx, quoteOf(event)));
  if ('insert' in change) {
    await trx.insertInto('policies').values(change.insert).execute();
    return;
  }
  const update = trx.updateTable('policies').set(change.set).where('policy_number', '=', event.streamId);
  if (!change.refund) {
    await update.execute();
    return;
  }
  const policy = await update.returning('matter_id').executeTakeFirstOrThrow();
  const references = await refundReferences(trx, [event.streamId]);
  const refund = change.refund;
  await trx
    .insertInto('policy_refunds')
    .values({
      ...refund,
      matter_id: policy.matter_id,
      reference: references.get(event.streamId) ?? null,
    })
    .onConflict((oc) =>
      refund.amount_cents > 0
        ? oc.column('policy_number').doUpdateSet({ ...refund, reference: null })
        : oc.column('policy_number').doNothing(),
    )
    .execute();
}

// Each stream folded to its final row and refund, then one insert per table and one refund lookup.
async function projectMany(trx: Trx, streams: readonly (readonly StoredEvent[])[]): Promise<void> {
  const policies: Insertable<PoliciesTable>[] = [];
  const refunds = new Map<string, Insertable<PolicyRefundsTable>>();
  const declined = await quotesDeclinedAtPurchase(
    trx,
    streams.flatMap((events) => events.flatMap(quoteOf)),
  );
  for (const events of streams) {
    let row: Insertable<PoliciesTable> | null = null;
    for (const event of events) {
      const change = changeOf(event, declined);
      if ('insert' in change) {
        row = { ...change.insert };
        continue;
      }
      if (!row) throw new Error(`Policy ${event.streamId} has events before its issue`);
      Object.assign(row, change.set);
      if (change.refund && (change.refund.amount_cents > 0 || !refunds.has(event.streamId)))
        refunds.set(event.streamId, { ...change.refund, matter_id: row.matter_id, reference: null });
    }
    if (row) policies.push(row);
  }
  await insertRows(trx, 'policies', policies);
  const references = await refundReferences(trx, [...refunds.keys()]);
  await insertRows(
    trx,
    'policy_refunds',
    [...refunds.values()].map((r) => ({ ...r, reference: references.get(r.policy_number) ?? null })),
  );
}

export const policyProjection: ProjectionSpec = {
  streamType: POLICY_STREAM,
  each: project,
  bulk: projectMany,
};
