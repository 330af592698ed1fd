import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { billingQuery, type BillingLine } from '../../api/calls/billing';
import { errorMessage } from '../../api/httpErrors';
import type { Billing, BillingInstalment } from '../../api/schemas/billing';
import { Alert } from '../feedback/Alert';
import { Spinner } from '../feedback/Spinner';
import { Button } from '../forms/Button';
import { DataTable } from '../table/DataTable';
import { formatCode, formatDate, formatMoney } from '../format';
import { NEW_CARD_ACCESS } from '../payment/useNewCard';
import { Facts, Panel } from '../Panel';
import { useAccess } from '../useAccess';
import { instalmentNote, methodText, nextPaymentText, payOutcomeText, standingText } from './billingText';
import { ChangeCardDialog } from './ChangeCardDialog';
import { PayNowDialog } from './PayNowDialog';
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
// "Pay now" when something is owed today and the user may take a payment (the server says so), and on a pet
// policy "Change card" for whoever may take a payment of it.
export function BillingSection({ line, matterId }: { line: BillingLine; matterId: number }) {
  const billing = useQuery(billingQuery(line, matterId));
  const mayTypeCard = useAccess().can(NEW_CARD_ACCESS);
  const [open, setOpen] = useState<'payNow' | 'changeCard' | null>(null);
  // What the last payment or card change did, said above the figures until the next one.
  const [said, setSaid] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

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
  const mayChangeCard = b.can.changeMethod && mayTypeCard;
  return (
    <Panel
      title="Billing"
      actions={
        (mayChangeCard || b.can.payNow) && (
          <div className="flex gap-3">
            {mayChangeCard && (
              <Button variant="secondary" onClick={() => setOpen('changeCard')}>
                Change card
              </Button>
            )}
            {b.can.payNow && <Button onClick={() => setOpen('payNow')}>Pay now</Button>}
          </div>
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
      {/* Mounted only while open, so each opens afresh: no card typed before, no earlier decline. */}
      {open === 'payNow' && (
        <PayNowDialog
          line={line}
          matterId={matterId}
          billing={b}
          open
          onClose={() => setOpen(null)}
          onOutcome={(result) => setSaid(payOutcomeText(result))}
        />
      )}
      {open === 'changeCard' && (
        <ChangeCardDialog
          matterId={matterId}
          billing={b}
          open
          onClose={() => setOpen(null)}
          onChanged={(changed) =>
            setSaid({
              tone: 'success',
              text: `The card on file is now ${methodText((changed ?? b).paymentMethod)}.`,
            })
          }
        />
      )}
    </Panel>
  );
}
