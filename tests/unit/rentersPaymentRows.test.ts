import { describe, expect, it } from 'vitest';
import { rentersPaymentEvent } from '../../src/server/domain/rentersPayments/rentersPaymentEvents';
import { paymentAccountRowsOf } from '../../src/server/domain/rentersPayments/rentersPaymentRows';
import type { NewEvent, StoredEvent } from '../../src/server/store/eventStore';

// Given a customer's payment account stream, when it is folded whole (a bulk replay), then these rows: the
// ones the per-event projection leaves after the same events.
const customerId = 42;
const accountId = 'acct-1';
const at = new Date('2026-10-01T12:00:00Z');

const stream = (events: NewEvent[]): StoredEvent[] =>
  events.map((e, i) => ({
    ...e,
    position: String(i + 1),
    streamType: 'renters_payment_account',
    streamId: String(customerId),
    version: i + 1,
    metadata: { userId: null, entityId: null, requestId: null },
    recordedAt: new Date(at.getTime() + i * 1000),
  }));

const added = (methodId: string, last4: string) =>
  rentersPaymentEvent.methodAdded({
    methodId,
    accountId,
    customerId,
    typeCode: 'card',
    processorPaymentMethodId: `pm_${methodId}`,
    last4,
    billingZipCode: '78701',
    source: { kind: 'setupIntent', setupIntentId: `si_${methodId}` },
  });

describe('paymentAccountRowsOf', () => {
  it('keeps the account at the last version, the latest primary method billing and the one before retired', () => {
    const rows = paymentAccountRowsOf(
      stream([
        rentersPaymentEvent.opened({ accountId, customerId }),
        added('m1', '4242'),
        rentersPaymentEvent.primaryChanged({ methodId: 'm1', previousMethodId: null }),
        added('m2', '4444'),
        rentersPaymentEvent.primaryChanged({ methodId: 'm2', previousMethodId: 'm1' }),
        added('m3', '1111'),
      ]),
    );
    expect(rows.account).toEqual({ id: accountId, customer_id: customerId, version: 6, created_at: at });
    expect(rows.methods.map((m) => [m.id, m.last4, m.is_primary, m.is_active])).toEqual([
      ['m1', '4242', false, false],
      ['m2', '4444', true, true],
      ['m3', '1111', false, true],
    ]);
  });

  it('has no rows for a stream not yet opened', () => {
    expect(paymentAccountRowsOf([])).toEqual({ account: null, methods: [] });
  });
});
