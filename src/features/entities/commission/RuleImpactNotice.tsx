import type { RuleImpact } from '../../../api/schemas/commissionStatements';
import { Alert } from '../../../ui/feedback/Alert';
import { formatMoney } from '../../../ui/format';

export interface RuleImpactNoticeProps {
  impact: readonly RuleImpact[];
}

// What saving the rule does to the entity's unapproved statements, shown before it is saved. Approved and
// paid statements are not changed by a rule edit.
export function RuleImpactNotice({ impact }: RuleImpactNoticeProps) {
  const count = impact.length;
  return (
    <Alert tone="info" title={`Saving recalculates ${count} unapproved statement${count === 1 ? '' : 's'}`}>
      <table className="mt-2 w-full text-sm" aria-label="Statements this rule changes">
        <thead>
          <tr className="text-left">
            <th className="py-1 font-medium">Month</th>
            <th className="py-1 text-right font-medium">Now</th>
            <th className="py-1 text-right font-medium">After saving</th>
            <th className="py-1 text-right font-medium">Change</th>
          </tr>
        </thead>
        <tbody>
          {impact.map((row) => (
            <tr key={row.statement_id}>
              <td className="py-1">{row.statement_month}</td>
              <td className="py-1 text-right tabular-nums">{formatMoney(row.amount_before)}</td>
              <td className="py-1 text-right tabular-nums">{formatMoney(row.amount_after)}</td>
              <td className="py-1 text-right tabular-nums">
                {row.difference > 0 ? '+' : ''}
                {formatMoney(row.difference)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Alert>
  );
}
