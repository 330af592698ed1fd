import type { BusinessDate } from '../../../calendar';
import { declineNoticeMail } from '../../mail/mails';
import type { Trx } from '../../store/eventStore';
import type { PolicyRef } from './policyRef';

// A declined instalment's notice to the policyholder, written to the outbox for the mail job to deliver (the
// log names it, never its body). Its words are the template's (src/server/mail/mails.ts).
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
  const mail = declineNoticeMail({
    firstName: customer.first_name,
    policyNumber: ref.policyNumber,
    amountCents: notice.amountCents,
    dueDate: notice.dueDate,
    retryOn: notice.retryOn,
    lapsesOn: notice.lapsesOn,
  });
  await trx
    .insertInto('outbox')
    .values({
      kind: 'billing.paymentDeclined',
      recipient: customer.email,
      subject: mail.subject,
      body: mail.text,
      html: mail.html,
      payload: JSON.stringify({ ...ref, seq: notice.seq, attempt: notice.attempt }),
      created_at: notice.writtenAt,
    })
    .execute();
}
