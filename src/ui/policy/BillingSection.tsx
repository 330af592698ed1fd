import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { billingQuery, payNow, policyKeyOf, type BillingLine } from '../../api/calls/billing';
import { errorMessage } from '../../api/httpErrors';
import type { Billing, BillingInstalment, PayNowResult } from '../../api/schemas/billing';
import { Alert } from '../feedback/Alert';
import { ConfirmDialog } from '../feedback/ConfirmDialog';
import { Spinner } from '../feedback/Spinner';
import { Button } from '../forms/Button';
import { DataTable } from '../table/DataTable';
import { formatCode, formatDate, formatMoney } from '../format';
import { Facts, Panel } from '../Panel';
import { instalmentNote, methodText, nextPaymentText, payOutcomeText, standingText } from './billingText';
import { RefundRows } from './RefundRows';

const column = createColumnHelper<BillingInstalment>();
const columns = [
  column.accessor('dueDate', { header: 'Due', cell: (c) => formatDate(c.getValue()) }),
  column.accessor('description', { header: 'Description' }),
  column.accessor('amount', { header: 'Amount', cell: (c) => formatMoney(c.getValue()) }),
  column.accessor('status', { header: 'Status', cell: (c) => formatCode(c.getValue()) }),
  column.display({ id: 'note', header: 'Paid on / next try', cell: (c) => instalmentNote(c.row.original) }),
];

function LedgerFacts({ billing }: { billing: Billing }) {
  const { ledger } = billing;
  // Money held beyond what was earned is shown instead of the balance, never both (one is always zero).
  const balance: readonly [string, string] =
    ledger.credit > 0 ? ['Credit', formatMoney(ledger.credit)] : ['Owed', formatMoney(ledger.owed)];
  return (
    <Facts
      facts={[
        ['Billed', formatMoney(ledger.billed)],
        ['Collected', formatMoney(ledger.collected)],
        ['Refunded', formatMoney(ledger.refunded)],
        balance,
        ['Plan', formatCode(billing.plan)],
        ['Payment method', methodText(billing.paymentMethod)],
      ]}
    />
  );
}

// The policy's billing above its payments: the ledger, where the account stands, the instalment schedule,
// and "Pay now" when something is owed today and the user may take a payment (the server says so).
export function BillingSection({ line, matterId }: { line: BillingLine; matterId: number }) {
  const queryClient = useQueryClient();
  const billing = useQuery(billingQuery(line, matterId));
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<PayNowResult | null>(null);
  const pay = useMutation({
    mutationFn: () => payNow(line, matterId),
    onSuccess: async (result) => {
      queryClient.setQueryData(billingQuery(line, matterId).queryKey, result.billing);
      setOutcome(result);
      setAsking(false);
      // A payment may reinstate the policy and adds to its payments: the whole policy is read again.
      await queryClient.invalidateQueries({ queryKey: policyKeyOf(line, matterId) });
    },
  });

  if (billing.isError) return <Alert tone="error">{errorMessage(billing.error)}</Alert>;
  if (billing.isPending) return <Spinner label="Loading the billing…" />;
  const b = billing.data;
  if (!b) {
    return (
      <Panel title="Billing">
        <p className="text-sm text-slate-600">This policy was issued before billing schedules were kept.</p>
      </Panel>
    );
  }
  const standing = standingText(b);
  const said = outcome && payOutcomeText(outcome);
  return (
    <Panel
      title="Billing"
      actions={
        b.can.payNow && (
          <Button
            onClick={() => {
              pay.reset();
              setAsking(true);
            }}
          >
            Pay now
          </Button>
        )
      }
    >
      <div className="space-y-4">
        {said && <Alert tone={said.tone}>{said.text}</Alert>}
        <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1 text-sm">
          <p className="font-medium text-slate-900">{nextPaymentText(b)}</p>
          {standing && (
            <p className={b.state === 'closed' ? 'text-slate-600' : 'font-medium text-red-700'}>{standing}</p>
          )}
          {b.dueNow > 0 && <p className="text-slate-700">Due now {formatMoney(b.dueNow)}</p>}
        </div>
        <LedgerFacts billing={b} />
        <DataTable
          caption="Billing schedule"
          columns={columns}
          rows={b.schedule}
          rowKey={(row) => row.seq}
          empty="No instalments scheduled."
        />
        <RefundRows line={line} matterId={matterId} refunds={b.refunds} mayRetry={b.can.retryRefund} />
      </div>
      <ConfirmDialog
        open={asking}
        title="Take a payment now?"
        confirmLabel={`Charge ${formatMoney(b.dueNow)}`}
        busy={pay.isPending}
        error={pay.error ? errorMessage(pay.error) : null}
        onConfirm={() => pay.mutate()}
        onClose={() => setAsking(false)}
      >
        <p>
          {formatMoney(b.dueNow)} is due by {formatDate(b.today)}. It is charged to{' '}
          {methodText(b.paymentMethod)} now.
          {b.state === 'lapsed' && ' Paid in full, the policy is reinstated.'}
        </p>
      </ConfirmDialog>
    </Panel>
  );
}
