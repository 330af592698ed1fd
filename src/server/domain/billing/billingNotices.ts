import { formatBusinessDate, type BusinessDate } from '../../../calendar';
import type { Trx } from '../../store/eventStore';
import type { PolicyRef } from './policyRef';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

// A declined instalment's notice to the policyholder, written to the outbox for the mail job to deliver (the
// log names it, never its body). Plain words: how much, for which due date, and what happens next.
export async function queueDeclineNotice(
  trx: Trx,
  ref: PolicyRef,
  notice: {
    customerId: number;
    seq: number;
    attempt: number;
    amountCents: number;
    dueDate: BusinessDate;
    retryOn: BusinessDate | null;
    lapsesOn: BusinessDate;
    // When the decline was recorded (the run's clock), so a moved clock's notices are dated on their day.
    writtenAt: Date;
  },
): Promise<void> {
  const customer = await trx
    .selectFrom('customers')
    .select(['email', 'first_name'])
    .where('id', '=', notice.customerId)
    .executeTakeFirst();
  if (!customer?.email) return;
  const next = notice.retryOn
    ? `We will try the payment again on ${formatBusinessDate(notice.retryOn)}.`
    : 'We will not try the payment again.';
  const body = [
    `Dear ${customer.first_name},`,
    '',
    `Your payment of ${money(notice.amountCents)} for policy ${ref.policyNumber}, due ${formatBusinessDate(notice.dueDate)}, was declined.`,
    next,
    `If the premium is not paid by ${formatBusinessDate(notice.lapsesOn)}, the policy will be cancelled for non-payment of premium.`,
    'To pay now or use another card, please contact your agent.',
  ].join('\n');
  await trx
    .insertInto('outbox')
    .values({
      kind: 'billing.paymentDeclined',
      recipient: customer.email,
      subject: `Payment declined for policy ${ref.policyNumber}`,
      body,
      payload: JSON.stringify({ ...ref, seq: notice.seq, attempt: notice.attempt }),
      created_at: notice.writtenAt,
    })
    .execute();
}
