import { useQuery } from '@tanstack/react-query';
import { ratesQuery } from '../../../api/calls/policyMatters';
import { errorMessage } from '../../../api/httpErrors';
import { Alert } from '../../../ui/feedback/Alert';
import { Spinner } from '../../../ui/feedback/Spinner';
import { formatCode, formatMoney } from '../../../ui/format';
import { Facts, Panel } from '../../../ui/Panel';

// The premium breakdown the policy was rated with: plan, deductible, reimbursement, premiums and taxes.
export function RatesTab({ matterId, policyNumber }: { matterId: number; policyNumber: string }) {
  const rates = useQuery(ratesQuery(matterId, policyNumber));
  if (rates.isError) return <Alert tone="error">{errorMessage(rates.error)}</Alert>;
  if (!rates.data) return <Spinner label="Loading the rates…" />;
  const r = rates.data;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Panel title="Plan">
        <Facts
          facts={[
            ['Plan', `${r.planName} (${r.planCode})`],
            ['Deductible', formatMoney(r.deductible)],
            ['Reimbursement', `${r.reimbursement}%`],
            ['Copay', `${r.copay}%`],
            ['Annual coverage', r.annualCoverage === null ? 'Unlimited' : formatMoney(r.annualCoverage)],
            ['Exam fees', r.examFee ? 'Covered' : 'Not covered'],
            ['Wellness', r.wellnessLevel ? formatCode(r.wellnessLevel) : 'None'],
          ]}
        />
      </Panel>
      <Panel title="Premium">
        <Facts
          facts={[
            ['Payment period', formatCode(r.paymentPeriod)],
            ['Annual premium', formatMoney(r.annualPremium)],
            ['Monthly payment', formatMoney(r.monthlyPayment)],
            ['Down payment', formatMoney(r.downpayment)],
            ['State tax', formatMoney(r.taxes.state)],
            ['Municipal tax', formatMoney(r.taxes.municipal)],
          ]}
        />
      </Panel>
    </div>
  );
}
