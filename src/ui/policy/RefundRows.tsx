import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BillingLine } from '../../api/calls/billing';
import { refreshAfterRetry, retryRefund } from '../../api/calls/refunds';
import { errorMessage } from '../../api/httpErrors';
import type { BillingRefund } from '../../api/schemas/billing';
import { Alert } from '../feedback/Alert';
import { Button } from '../forms/Button';
import { formatMoney } from '../format';
import { refundRowText, retryOutcomeText } from './refundText';

// The policy's refunds under its billing: each says what happened to the money, and a failed one can be asked
// for again by whoever may take the policy's payments (the server says so, and refuses anyone else anyway).
export function RefundRows({
  line,
  matterId,
  refunds,
  mayRetry,
}: {
  line: BillingLine;
  matterId: number;
  refunds: readonly BillingRefund[];
  mayRetry: boolean;
}) {
  const client = useQueryClient();
  const [said, setSaid] = useState<ReturnType<typeof retryOutcomeText> | null>(null);
  const retry = useMutation({
    mutationFn: retryRefund,
    onMutate: () => setSaid(null),
    onSuccess: async (refund, asked) => {
      setSaid(retryOutcomeText(refund));
      // The ledger and the payments list change with the refund's outcome.
      await refreshAfterRetry(client, asked);
    },
    onError: (error) => setSaid({ tone: 'error', text: errorMessage(error) }),
  });
  if (refunds.length === 0) return null;
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">Refunds</h3>
      {said && <Alert tone={said.tone}>{said.text}</Alert>}
      <ul className="divide-y divide-slate-100 text-sm" aria-label="Refunds">
        {refunds.map((r) => (
          <li key={r.key} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2">
            <p className={r.outcome === 'failed' ? 'text-red-800' : 'text-slate-700'}>{refundRowText(r)}</p>
            {r.outcome === 'failed' && r.nextAttempt !== null && mayRetry && (
              <Button
                variant="secondary"
                busy={retry.isPending && retry.variables?.key === r.key}
                aria-label={`Ask again for the refund of ${formatMoney(r.amount)}`}
                onClick={() => retry.mutate({ line, matterId, key: r.key, attempt: r.nextAttempt! })}
              >
                Ask again
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
