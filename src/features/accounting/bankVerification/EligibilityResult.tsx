import type { BankAccountVerification } from '../../../api/schemas/bankAccounts';

const TYPE = { checking: 'Checking', savings: 'Savings' } as const;

// The RTP network's answer to the last verification: eligible ✓, or not with its message and code.
export function EligibilityResult({ result }: { result: BankAccountVerification }) {
  const { account } = result;
  const tone = result.isRtpEligible
    ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
    : 'border-amber-200 bg-amber-50 text-amber-900';
  return (
    <div
      role="status"
      aria-label="Verification result"
      className={`rounded-md border px-4 py-3 text-sm ${tone}`}
    >
      <p className="font-semibold">
        {result.isRtpEligible ? '✓ Eligible for RTP payments' : '✗ Not eligible for RTP payments'}
      </p>
      <p className="mt-1">
        {result.message} <span className="text-xs opacity-80">(response code {result.responseCode})</span>
      </p>
      <p className="mt-1 text-xs opacity-80">
        {TYPE[account.account_type]} •••• {account.account_last4} at routing {account.routing_number},{' '}
        {account.holder_name}
        {result.isRtpEligible ? ' — now the agency’s payout account.' : ' — recorded, not used for payouts.'}
      </p>
    </div>
  );
}
