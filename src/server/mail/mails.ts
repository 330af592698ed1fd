import { formatBusinessDate, type BusinessDate } from '../../calendar';
import { link, paragraph, renderMail, type MailParts } from './mailTemplates';

// The mails the server composes, each from its template (src/server/mail/mailTemplates.ts): a name or any
// other value goes in as one line of text, escaped in the HTML part.

export type PasswordLinkKind = 'password-reset' | 'user-invite';

// A reset link (an hour) or a new user's invitation (a week), to /reset-password.
export function passwordLinkMail(kind: PasswordLinkKind, to: { firstName: string }, url: string): MailParts {
  const name = to.firstName;
  if (kind === 'user-invite') {
    return renderMail(paragraph`You have been invited to the agent portal`, [
      paragraph`Hello ${name},`,
      paragraph`An account has been created for you. Open this link within 7 days to choose your password:\n${link(url)}`,
      paragraph`You sign in with this e-mail address.`,
    ]);
  }
  return renderMail(paragraph`Reset your portal password`, [
    paragraph`Hello ${name},`,
    paragraph`Open this link within 60 minutes to choose a new password:\n${link(url)}`,
    paragraph`If you did not ask for this, ignore this message.`,
  ]);
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

// A declined instalment's notice to the policyholder. Plain words: how much, for which due date, and what
// happens next.
export function declineNoticeMail(notice: {
  firstName: string;
  policyNumber: string;
  amountCents: number;
  dueDate: BusinessDate;
  retryOn: BusinessDate | null;
  lapsesOn: BusinessDate;
}): MailParts {
  const next = notice.retryOn
    ? paragraph`We will try the payment again on ${formatBusinessDate(notice.retryOn)}.`
    : paragraph`We will not try the payment again.`;
  return renderMail(paragraph`Payment declined for policy ${notice.policyNumber}`, [
    paragraph`Dear ${notice.firstName},`,
    paragraph`Your payment of ${money(notice.amountCents)} for policy ${notice.policyNumber}, due ${formatBusinessDate(notice.dueDate)}, was declined.`,
    next,
    paragraph`If the premium is not paid by ${formatBusinessDate(notice.lapsesOn)}, the policy will be cancelled for non-payment of premium.`,
    paragraph`To pay now or use another card, please contact your agent.`,
  ]);
}
