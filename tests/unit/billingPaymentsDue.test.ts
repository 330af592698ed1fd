import { describe, expect, it } from 'vitest';
import { paymentsDue, type DueBill } from '../../src/server/domain/billing/paymentsDue';

// What the Payments tab asks of the customer on a day (docs/billing.md "On screen"): "Pay now" charges every
// unpaid bill due on or before today; "Next payment" is the earliest unpaid one due after today.
const today = '2026-06-15';
const bill = (status: string, dueDate: string, amountCents: number): DueBill => ({
  status,
  dueDate,
  amountCents,
});

describe('payments due on a day', () => {
  it('charges now every unpaid bill due on or before today, whether scheduled, declined or failed', () => {
    const due = paymentsDue(
      [
        bill('failed', '2026-04-15', 1_000),
        bill('declined', '2026-05-15', 200),
        bill('scheduled', '2026-06-15', 30),
        bill('scheduled', '2026-07-15', 4),
      ],
      today,
    );
    expect(due.dueNowCents).toBe(1_230);
    expect(due.anythingDue).toBe(true);
  });

  it.each(['scheduled', 'declined', 'failed'])('counts a %s bill as unpaid', (status) => {
    const due = paymentsDue([bill(status, '2026-06-01', 700), bill(status, '2026-07-01', 800)], today);
    expect(due).toEqual({
      dueNowCents: 700,
      anythingDue: true,
      next: { status, dueDate: '2026-07-01', amountCents: 800 },
    });
  });

  it('never asks again for a bill paid or voided', () => {
    const due = paymentsDue(
      [
        bill('paid', '2026-05-15', 1_000),
        bill('void', '2026-06-15', 1_000),
        bill('paid', '2026-07-15', 1_000),
        bill('void', '2026-08-15', 1_000),
      ],
      today,
    );
    expect(due).toEqual({ dueNowCents: 0, anythingDue: false, next: null });
  });

  it('has nothing to charge today when the only unpaid bill falls due tomorrow, which is the next payment', () => {
    const tomorrow = bill('scheduled', '2026-06-16', 4_538);
    expect(paymentsDue([bill('paid', '2026-06-15', 4_538), tomorrow], today)).toEqual({
      dueNowCents: 0,
      anythingDue: false,
      next: tomorrow,
    });
  });

  it('has something to charge when a bill falls due today, even a bill of no money', () => {
    expect(paymentsDue([bill('scheduled', today, 0)], today)).toEqual({
      dueNowCents: 0,
      anythingDue: true,
      next: null,
    });
  });

  it('takes as next payment the first unpaid bill after today in the schedule’s order', () => {
    const first = bill('scheduled', '2026-07-15', 10);
    const second = bill('scheduled', '2026-08-15', 20);
    expect(paymentsDue([bill('declined', '2026-05-15', 5), first, second], today).next).toBe(first);
  });
});
