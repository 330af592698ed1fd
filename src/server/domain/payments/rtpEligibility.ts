// Whether a bank account can receive instant payments over the RTP network (SPEC §7 "POST
// /v2/bank-accounts", docs/payments.md "Bank account verification"). An interface, so a real network check
// can replace the sandbox (sandboxRtp.ts) without touching the route or the stored attempts.

export interface RtpAccount {
  // Nine digits with a valid ABA check digit: callers check it first and never ask about a bad one.
  routingNumber: string;
  // The full account number: passed to the check only, never kept, logged or answered.
  accountNumber: string;
  accountType: 'checking' | 'savings';
}

export interface RtpEligibility {
  isRtpEligible: boolean;
  // The network's answer code: '00' eligible; anything else names why not.
  responseCode: string;
  message: string;
}

export interface RtpEligibilityChecker {
  checkEligibility(account: RtpAccount): Promise<RtpEligibility>;
}
