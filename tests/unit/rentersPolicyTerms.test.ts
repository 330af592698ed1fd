import { describe, expect, it } from 'vitest';
import type { RentersPolicyRecord } from '../../src/api/schemas/rentersPolicyRecord';
import {
  rentersEndingReasons,
  rentersTermsOf,
  rentersTransactionsOf,
} from '../../src/server/domain/rentersPolicies/rentersPolicyTerms';
import type { StoredEvent } from '../../src/server/store/eventStore';

// The terms and transactions folded from a renters policy's stream (docs/renters-policy-record.md "Policy,
// terms and transactions"), on streams written by hand: what the API test cannot reach quickly (a monthly
// renewal's split, a flat cancel, an endorsement, a cancellation dated ahead).

const ISSUED = {
  policyNumber: 'RNT-TX-00000042',
  matterId: 42,
  entityId: 1,
  customerId: 7,
  rewriteOf: null,
  propertyAddress: { line1: '1 Main', line2: null, city: 'Austin', state: 'TX', zip: '78701' },
  termInterval: 'monthly',
  effectiveDate: '2026-01-10',
  expirationDate: '2027-01-10',
  termPremiumCents: 24_000,
  taxesCents: 1_200,
  feesCents: 1_000,
  totalCents: 26_200,
  nextBill: { dueDate: '2026-02-10', amountCents: 2_183 },
  payment: { method: 'card', last4: '4242', chargeId: 'ch_1', amountCents: 2_187 },
};

function stream(
  ...events: [type: string, data: Record<string, unknown>, recordedOn: string][]
): StoredEvent[] {
  return events.map(([type, data, recordedOn], i) => ({
    type,
    data,
    position: String(100 + i),
    streamType: 'renters_policy',
    streamId: ISSUED.policyNumber,
    version: i + 1,
    metadata: { userId: null, entityId: null, requestId: null, at: new Date(`${recordedOn}T18:00:00Z`) },
    recordedAt: new Date(`${recordedOn}T18:00:00Z`),
  })) as unknown as StoredEvent[];
}

const record = (upcoming: { date: string; amount: number } | null, isCurrent = true) =>
  ({
    isCurrent,
    summary: {
      upcomingPaymentDate: upcoming?.date ?? null,
      upcomingPaymentAmount: upcoming?.amount ?? null,
    },
  }) as unknown as RentersPolicyRecord;

describe('renters policy terms', () => {
  it('splits a monthly renewal as billing does and puts the next bill on the term it falls in', () => {
    const events = stream(
      ['renters.policyIssued', ISSUED, '2026-01-09'],
      [
        'renters.renewed',
        {
          effectiveDate: '2027-01-10',
          expirationDate: '2028-01-10',
          termPremiumCents: 25_001,
          taxesCents: 1_250,
          feesCents: 1_000,
          totalCents: 27_251,
        },
        '2027-01-10',
      ],
    );
    const terms = rentersTermsOf(events, record({ date: '2027-02-10', amount: 22.7 }));
    expect(terms.map((t) => [t.term_number, t.term_type, t.is_current, t.next_bill_date])).toEqual([
      [1, 'NEW_BUSINESS', false, null],
      [2, 'RENEWAL', true, '2027-02-10'],
    ]);
    expect(terms[0]).toMatchObject({ down_payment: 21.87, monthly_payment: 21.83, total: 262 });
    // 27,251 cents: eleven of floor(27,251 / 12) = 2,270, the down payment 2,281 with the odd cents.
    expect(terms[1]).toMatchObject({ down_payment: 22.81, monthly_payment: 22.7, total: 272.51 });
    expect(terms[1]!.next_bill_total).toBe(22.7);
  });
});

describe('renters policy transactions', () => {
  it('types, dates and prices each version that changed the policy, and marks what a reinstatement withdrew', () => {
    const events = stream(
      ['renters.policyIssued', ISSUED, '2026-01-09'],
      ['renters.noteAdded', { noteId: 'n1', note: 'hello' }, '2026-01-12'],
      [
        'renters.addressChanged',
        { addressType: 'MAILING', confirmed: false, address: ISSUED.propertyAddress },
        '2026-01-15',
      ],
      [
        'renters.cancelled',
        { method: 'FLAT', cancelDate: '2026-01-10', immediate: true, reasonCode: 'DUPLICATE_COVERAGE' },
        '2026-01-20',
      ],
      [
        'renters.reinstated',
        { reinstatedFrom: 'cancelled', effectiveDate: '2026-01-10', reasonCode: 'CANCELLED_IN_ERROR' },
        '2026-01-21',
      ],
      [
        'renters.cancelled',
        {
          method: 'PRO_RATA',
          cancelDate: '2026-06-01',
          immediate: false,
          earnedPremiumCents: 9_337,
          reasonCode: 'MOVED_OUT',
        },
        '2026-04-20',
      ],
    );
    const transactions = rentersTransactionsOf(events, '2026-04-20');
    expect(
      transactions.map((t) => [
        t.policy_version,
        t.transaction_type,
        t.adjustment_code,
        t.status_code,
        t.premiums,
        t.fee_total,
        t.effective_at,
        t.reason?.code ?? null,
      ]),
    ).toEqual([
      [1, 'NEW_BUSINESS', 'NB', 'COMPLETED', 240, 10, '2026-01-10', null],
      [3, 'ENDORSEMENT', 'EN', 'COMPLETED', 0, 0, '2026-01-15', null],
      [4, 'CANCELLATION', 'FC', 'REVERSED', -240, 0, '2026-01-10', 'DUPLICATE_COVERAGE'],
      [5, 'REINSTATEMENT', 'RI', 'COMPLETED', 240, 0, '2026-01-10', 'CANCELLED_IN_ERROR'],
      [6, 'CANCELLATION', 'CN', 'PENDING', -146.63, 0, '2026-06-01', 'MOVED_OUT'],
    ]);
    expect(transactions[4]!.reason).toEqual({ code: 'MOVED_OUT', name: 'Moved out of the rental' });
    expect(rentersEndingReasons(events).cancellation).toEqual({
      code: 'MOVED_OUT',
      name: 'Moved out of the rental',
      scope: 'cancel',
      is_enabled: true,
    });
  });

  it('names why a non-renewing policy ends, and forgets it once reinstated', () => {
    const issued = ['renters.policyIssued', ISSUED, '2026-01-09'] as const;
    const discontinue = [
      'renters.discontinued',
      { nonRenewEffectiveDate: '2027-01-10', reasonCode: 'PROGRAM_WITHDRAWN' },
      '2026-03-01',
    ] as const;
    const discontinued = stream([...issued], [...discontinue]);
    const reasons = rentersEndingReasons(discontinued);
    expect(reasons.nonRenewal).toMatchObject({ code: 'PROGRAM_WITHDRAWN', scope: 'discontinue' });
    expect(reasons.cancellation).toEqual(reasons.nonRenewal);
    expect(rentersTransactionsOf(discontinued, '2026-03-01').at(-1)).toMatchObject({
      transaction_type: 'NON_RENEWAL',
      status_code: 'PENDING',
      adjustment_code: null,
      premiums: 0,
      effective_at: '2027-01-10',
    });
    const reinstated = stream(
      [...issued],
      [...discontinue],
      ['renters.reinstated', { reasonCode: 'CUSTOMER_REQUEST', effectiveDate: '2026-03-02' }, '2026-03-02'],
    );
    expect(rentersEndingReasons(reinstated)).toEqual({ cancellation: null, nonRenewal: null });
  });
});
