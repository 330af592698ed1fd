import { changeAllowedFrom } from '../../../machines/rentersPolicyStatus';
import { requestFingerprint } from '../../../machines/rentersPolicyChangeContext';
import { Invalid } from '../domainErrors';
import { execute } from '../../store/aggregate';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { policyAggregate } from '../policies/policyAggregate';
import { cancellationFigures, freeLookDays, type PaymentPeriod } from '../moneyRules/cancellationFigures';
import { policyEvent } from '../policies/policyEvents';
import { loadLifecycle } from '../policies/policyRecord';
import { appendToRentersPolicy } from '../rentersPolicies/appendToRentersPolicy';
import { decideChange } from '../rentersPolicies/changes/decideRentersChange';
import { loadRentersPolicyForChange } from './loadRentersPolicyForChange';
import { sql } from 'kysely';
import type { BusinessDate } from '../../../calendar';
import { petPremiumCollected } from '../billing/premiumCollected';
import type { PolicyRef } from '../billing/policyRef';
import { LATE_PAYMENT, NON_PAYMENT } from '../rentersPolicies/changes/billingsOwnChanges';

// The notes billing's own changes carry, where the renters line can tell them apart (billingsOwnChanges.ts).
export { LATE_PAYMENT, NON_PAYMENT };

// A lapse cancels the policy through the decision a person's cancellation takes (the same figures, the same
// event), with the reason "Non-payment of premium", as the system (no acting user). Coverage ends on the
// first missed due date: the customer had cover for what they paid.
export async function cancelForNonPayment(
  trx: Trx,
  ref: PolicyRef,
  cancelDate: BusinessDate,
  today: BusinessDate,
  metadata: EventMetadata,
): Promise<boolean> {
  if (ref.line === 'pet') {
    const p = await trx
      .selectFrom('policies')
      .select(['state', 'annual_premium_cents', 'payment_period'])
      .select(sql<string>`to_char(effective_date, 'YYYY-MM-DD')`.as('effective_day'))
      .select(sql<string>`to_char(expiration_date, 'YYYY-MM-DD')`.as('expiration_day'))
      .where('policy_number', '=', ref.policyNumber)
      .executeTakeFirstOrThrow();
    const lifecycle = await loadLifecycle(trx, ref.policyNumber, today);
    const ask = { type: 'policy.cancelled', flat: false, immediate: true } as const;
    if (!lifecycle.snapshot.can(ask)) return false;
    const date = cancelDate < p.effective_day ? p.effective_day : cancelDate;
    const collected = await petPremiumCollected(trx, ref.policyNumber, {
      effectiveDate: p.effective_day,
      annualPremiumCents: p.annual_premium_cents,
      paymentPeriod: p.payment_period as PaymentPeriod,
    });
    const figures = cancellationFigures({
      effectiveDate: p.effective_day,
      expirationDate: p.expiration_day,
      cancelDate: date,
      annualPremiumCents: p.annual_premium_cents,
      paymentPeriod: p.payment_period as PaymentPeriod,
      freeLookDays: freeLookDays(p.state),
      collectedCents: collected,
    });
    await execute(
      trx,
      policyAggregate,
      ref.policyNumber,
      [
        ...lifecycle.due,
        policyEvent.cancelled({
          requestedDate: date,
          cancelEffectiveDate: figures.cancelEffectiveDate,
          committedOn: today,
          reason: 'NON_PAYMENT',
          note: NON_PAYMENT,
          flatCancel: figures.flatCancel,
          immediate: figures.cancelEffectiveDate <= today,
          daysInForce: figures.daysInForce,
          termDays: figures.termDays,
          annualPremiumCents: figures.annualPremiumCents,
          earnedPremiumCents: figures.earnedPremiumCents,
          paidCents: figures.paidCents,
          refundCents: 0,
          balanceDueCents: 0,
        }),
      ],
      metadata,
    );
    return true;
  }
  const policy = await loadRentersPolicyForChange(trx, ref.policyNumber, today);
  if (!changeAllowedFrom('cancel', policy.state)) return false;
  const decide = (date: BusinessDate) => {
    const inputs = {
      reasonCode: 'NON_PAYMENT',
      cancellationMethod: 'PRO_RATA',
      cancelDate: date,
      note: NON_PAYMENT,
    };
    const fingerprint = requestFingerprint({
      kind: 'cancel',
      policyNumber: ref.policyNumber,
      policyVersion: policy.version,
      inputs,
    });
    return decideChange('cancel', policy, inputs, fingerprint, today, { settledByBilling: true });
  };
  // A bill missed in an earlier term (a reinstatement charge that never paid, say) leaves the renewed term
  // uncovered from its start, as the pet line does: its cover ends where it began.
  const from = cancelDate < policy.term.effectiveDate ? policy.term.effectiveDate : cancelDate;
  let decided;
  try {
    decided = decide(from);
  } catch (error) {
    // A date the renters rules refuse otherwise ends cover today instead.
    if (!(error instanceof Invalid)) throw error;
    decided = decide(today);
  }
  await appendToRentersPolicy(trx, metadata, ref.policyNumber, [decided.event], today);
  return true;
}

// A late payment inside the reinstatement window puts the policy back in force: the pet policy's
// `policy.reinstated`, the renters policy's reinstatement decision.
export async function reinstateAfterLatePayment(
  trx: Trx,
  ref: PolicyRef,
  today: BusinessDate,
  metadata: EventMetadata,
): Promise<boolean> {
  if (ref.line === 'pet') {
    const lifecycle = await loadLifecycle(trx, ref.policyNumber, today);
    if (!lifecycle.snapshot.can({ type: 'policy.reinstated' })) return false;
    await execute(
      trx,
      policyAggregate,
      ref.policyNumber,
      [...lifecycle.due, policyEvent.reinstated({ reinstatedOn: today, reason: LATE_PAYMENT })],
      metadata,
    );
    return true;
  }
  const policy = await loadRentersPolicyForChange(trx, ref.policyNumber, today);
  if (!changeAllowedFrom('reinstate', policy.state)) return false;
  const inputs = { reasonCode: 'PAYMENT_RECEIVED', note: LATE_PAYMENT };
  const fingerprint = requestFingerprint({
    kind: 'reinstate',
    policyNumber: ref.policyNumber,
    policyVersion: policy.version,
    inputs,
  });
  const decided = decideChange('reinstate', policy, inputs, fingerprint, today, { settledByBilling: true });
  await appendToRentersPolicy(trx, metadata, ref.policyNumber, [decided.event], today);
  return true;
}
