import type { Statement } from '../../api/schemas/commissionStatements';
import { ConfirmDialog } from '../../ui/feedback/ConfirmDialog';
import { formatMoney } from '../../ui/format';
import { monthLabel } from './statementFilterValues';

export type PaymentMark = 'mark-paid' | 'mark-unpaid';

// Marking a statement paid records money sent to the agency, and unmarking it takes that record back: each
// asks first, saying the amount, the agency and the month it is about, as a reviewer would check them.
export function PaymentMarkConfirm({
  statement,
  mark,
  busy,
  onConfirm,
  onClose,
}: {
  statement: Statement;
  mark: PaymentMark;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const agency = `${statement.entity.entity_name} (${statement.entity.entity_code})`;
  const month = monthLabel(statement.statement_month);
  const paid = mark === 'mark-paid';
  const amount = formatMoney(
    paid ? statement.payment_total : (statement.payment_amount ?? statement.payment_total),
  );
  return (
    <ConfirmDialog
      open
      title={paid ? `Mark ${amount} paid?` : `Mark ${amount} unpaid?`}
      confirmLabel={paid ? `Mark ${amount} paid` : `Mark ${amount} unpaid`}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {paid ? (
        <p>
          The statement of {agency} for {month} will be recorded as paid: {amount} to the agency’s verified
          bank account, today.
        </p>
      ) : (
        <p>
          The payment of {amount} recorded for {agency}, {month}, will be removed and the statement shown as
          not paid again.
        </p>
      )}
    </ConfirmDialog>
  );
}
