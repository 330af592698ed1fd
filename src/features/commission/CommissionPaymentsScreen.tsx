import { STATEMENT_ACCESS, type BulkCommand } from '../../api/schemas/commissionStatements';
import { useAccess } from '../../ui/useAccess';
import { StatementSearch } from './StatementSearch';
import type { StatusDefaults } from './statementFilterValues';

const DEFAULTS: StatusDefaults = { reviewStatus: 'Approved', paymentStatus: 'Not Paid' };

// /accounting/commission-payments (SPEC §2 "statement search for payment"): accounting pays the approved
// statements (into the agencies' verified bank accounts), marks them paid or unpaid, singly or in bulk,
// and downloads the payment report of the selection or of everything the filters match.
export function CommissionPaymentsScreen() {
  const { can } = useAccess();
  const payments = can(STATEMENT_ACCESS.payments);
  const commands: BulkCommand[] = payments ? ['mark-paid', 'mark-unpaid'] : [];
  return (
    <StatementSearch
      table="commission-payments"
      title="Commission Payments"
      description="Approved commission statements to pay. Mark them paid once the money is sent; the payment report lists what to pay."
      defaults={DEFAULTS}
      commands={commands}
      report={payments}
    />
  );
}
