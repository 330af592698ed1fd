import type { RtpAccount, RtpEligibility, RtpEligibilityChecker } from './rtpEligibility';

// The built-in RTP eligibility check: deterministic answers from a few test numbers (docs/payments.md "Bank
// account verification"), so screens and tests know what each entry gets. The receiving bank is asked
// first: a bank that is no RTP participant cannot tell whether the account is open.

// Routing numbers of the sandbox's RTP participant banks (real routing numbers of large US banks).
export const SANDBOX_RTP_PARTICIPANTS: ReadonlyMap<string, string> = new Map([
  ['021000021', 'JPMorgan Chase Bank (New York)'],
  ['111000614', 'JPMorgan Chase Bank (Texas)'],
  ['026009593', 'Bank of America'],
  ['121000248', 'Wells Fargo Bank'],
  ['021000089', 'Citibank'],
]);

// Account numbers ending in these four digits answer "account closed" at a participant bank.
export const SANDBOX_CLOSED_ACCOUNT_SUFFIX = '0000';

export const RTP_ANSWERS = {
  eligible: { isRtpEligible: true, responseCode: '00', message: 'The account can receive RTP payments.' },
  accountClosed: { isRtpEligible: false, responseCode: '14', message: 'The account is closed.' },
  notSupported: {
    isRtpEligible: false,
    responseCode: '91',
    message: 'RTP not supported by the receiving bank.',
  },
} as const satisfies Record<string, RtpEligibility>;

export function sandboxRtpAnswer(
  account: Pick<RtpAccount, 'routingNumber' | 'accountNumber'>,
): RtpEligibility {
  if (!SANDBOX_RTP_PARTICIPANTS.has(account.routingNumber)) return { ...RTP_ANSWERS.notSupported };
  if (account.accountNumber.endsWith(SANDBOX_CLOSED_ACCOUNT_SUFFIX)) return { ...RTP_ANSWERS.accountClosed };
  return { ...RTP_ANSWERS.eligible };
}

export function createSandboxRtp(): RtpEligibilityChecker {
  return { checkEligibility: async (account) => sandboxRtpAnswer(account) };
}
