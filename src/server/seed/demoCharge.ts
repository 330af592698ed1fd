import type { Clock } from '../../calendar';
import { createSandboxPaymentAdapter } from '../domain/payments/sandboxPaymentAdapter';
import type { Db } from '../store/db';

// A demo sale's payment, made through the sandbox payment service as a purchase makes it: a 4242 card
// tokenized, then charged under a key of the sale. The policy then names a charge the service knows, so a
// later cancellation's refund goes back to it (a made-up charge id was refused as `unknown_charge`).
export interface DemoPayment {
  method: 'card';
  token: string;
  last4: string;
  chargeId: string;
  amountCents: number;
}

export async function demoCharge(
  db: Db,
  key: string,
  name: string,
  amountCents: number,
  // The moment of the sale (the demo's year); the system clock's otherwise.
  clock?: Clock,
): Promise<DemoPayment> {
  const payments = createSandboxPaymentAdapter({ db, ...(clock && { now: () => clock.now() }) });
  const tokenized = await payments.tokenizeCard({
    number: '4242424242424242',
    expiryMonth: 12,
    expiryYear: 2099,
    cvc: '123',
    name,
    zip: '78701',
  });
  if (!tokenized.ok) throw new Error(`The demo card was refused: ${JSON.stringify(tokenized.errors)}`);
  const charged = await payments.charge({ token: tokenized.payment.token, amountCents, idempotencyKey: key });
  if (charged.outcome !== 'ok') throw new Error(`The demo charge was declined: ${charged.reason}`);
  return {
    method: 'card',
    token: tokenized.payment.token,
    last4: charged.last4,
    chargeId: charged.chargeId,
    amountCents,
  };
}
