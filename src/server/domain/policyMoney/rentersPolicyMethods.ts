import { takesEvent } from '../../../machines/machineAnswers';
import { RENTERS_POLICY_STATES, rentersPolicyStatusMachine } from '../../../machines/rentersPolicyStatus';
import type { Db } from '../../store/db';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { changeBillingMethod } from '../billing/changeBillingMethod';
import { appendToRentersPolicy } from '../rentersPolicies/appendToRentersPolicy';
import { RENTERS_POLICY_STREAM, type RentersPolicyIssued } from '../rentersPolicies/rentersPolicyEvents';

// The payment method as each renters policy's log tells it: the issue event's payment, then the latest
// renters.paymentMethodChanged, which every current policy of the customer gets when the method changes.

export interface PolicyMethodChange {
  methodId: string;
  type: 'card' | 'bank';
  last4: string;
  billingZipCode: string | null;
}

// Policies still billed: in force, or covered until a cancel or non-renewal date (the states that take the
// event and are not ended), or lapsed and still open to a late payment (cancelled for non-payment). An
// expired or rewritten policy, or one a person cancelled, keeps the method it ended with; the status machine
// takes no method change there (docs/decisions/020).
const TAKES_METHOD = RENTERS_POLICY_STATES.filter((state) =>
  takesEvent(rentersPolicyStatusMachine, state, 'renters.paymentMethodChanged'),
);
const BILLED_STATES = ['active', 'nonRenewing', 'pendingCancellation'];

export async function announceMethodChange(
  trx: Trx,
  metadata: EventMetadata,
  customerId: number,
  change: PolicyMethodChange,
  exceptPolicyNumber: string | null = null,
  // The payment service's token of the new method: the policies' billing charges it from now on.
  token: string | null = null,
): Promise<string[]> {
  // A policy lapsed for non-payment is still billed while it may be reinstated: its late payment is taken
  // from the card on file, so the new method must reach it too.
  let query = trx
    .selectFrom('renters_policies as p')
    .select('p.policy_number')
    .where('p.customer_id', '=', customerId)
    .where((eb) =>
      eb.or([
        eb('p.machine_state', 'in', BILLED_STATES),
        eb.exists(
          eb
            .selectFrom('billing_accounts as a')
            .select('a.policy_number')
            .where('a.line', '=', 'renters')
            .whereRef('a.policy_number', '=', 'p.policy_number')
            .where('a.state', '=', 'lapsed'),
        ),
      ]),
    )
    .where('p.machine_state', 'in', TAKES_METHOD)
    .orderBy('p.policy_number');
  if (exceptPolicyNumber !== null) query = query.where('p.policy_number', '!=', exceptPolicyNumber);
  const policies = await query.execute();
  for (const { policy_number } of policies) {
    await appendToRentersPolicy(trx, metadata, policy_number, [
      { type: 'renters.paymentMethodChanged', data: { ...change } },
    ]);
    if (token)
      await changeBillingMethod(
        trx,
        { line: 'renters', policyNumber: policy_number },
        { token, method: change.type, last4: change.last4 },
        metadata,
      );
  }
  return policies.map((p) => p.policy_number);
}

// The method a customer's latest renters policy was sold with, for customers without an account method yet
// (policies sold before accounts existed): its type and last four, no token.
export async function methodOnFile(
  db: Db,
  customerId: number,
): Promise<{ type: 'card' | 'bank'; last4: string } | null> {
  const latest = await db
    .selectFrom('renters_policies')
    .select('policy_number')
    .where('customer_id', '=', customerId)
    .orderBy('sold_on', 'desc')
    .orderBy('matter_id', 'desc')
    .executeTakeFirst();
  if (!latest) return null;
  const events = await db
    .selectFrom('events')
    .select(['type', 'data'])
    .where('stream_type', '=', RENTERS_POLICY_STREAM)
    .where('stream_id', '=', latest.policy_number)
    .where('type', 'in', ['renters.policyIssued', 'renters.paymentMethodChanged'])
    .orderBy('version')
    .execute();
  const changed = events.filter((e) => e.type === 'renters.paymentMethodChanged').at(-1);
  if (changed) {
    const data = changed.data as unknown as PolicyMethodChange;
    return { type: data.type, last4: data.last4 };
  }
  const issued = events.find((e) => e.type === 'renters.policyIssued');
  if (!issued) return null;
  const { payment } = issued.data as unknown as RentersPolicyIssued;
  return { type: payment.method, last4: payment.last4 };
}
