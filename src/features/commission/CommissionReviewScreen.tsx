import { useState } from 'react';
import { STATEMENT_ACCESS, type BulkCommand } from '../../api/schemas/commissionStatements';
import { Button } from '../../ui/forms/Button';
import { useAccess } from '../../ui/useAccess';
import { GenerateStatementsDialog } from './GenerateStatementsDialog';
import { StatementSearch } from './StatementSearch';
import type { StatusDefaults } from './statementFilterValues';

const DEFAULTS: StatusDefaults = { reviewStatus: 'Pending', paymentStatus: 'Not Paid' };

// /admin/commission-review/statements (SPEC §2 "statement review search"): reviewers look through the
// month's pending statements, adjust them with overrides and approve them, one by one or in bulk; with
// ent_comm_unapprove they can send an approved statement back.
export function CommissionReviewScreen() {
  const { can } = useAccess();
  const [generating, setGenerating] = useState(false);
  const commands: BulkCommand[] = [
    ...(can(STATEMENT_ACCESS.review) ? (['approve'] as const) : []),
    ...(can(STATEMENT_ACCESS.unapprove) ? (['unapprove'] as const) : []),
  ];
  return (
    <>
      <StatementSearch
        table="commission-review"
        title="Commission Review"
        description="Commission statements per agency and month. Open one to see its lines and adjust it with overrides; approve what is right."
        defaults={DEFAULTS}
        commands={commands}
        report={false}
        actions={
          can(STATEMENT_ACCESS.generate) && (
            <Button variant="secondary" onClick={() => setGenerating(true)}>
              Generate statements
            </Button>
          )
        }
      />
      {generating && <GenerateStatementsDialog onClose={() => setGenerating(false)} />}
    </>
  );
}
