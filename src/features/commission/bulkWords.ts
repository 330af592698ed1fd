import type { BulkCommand } from '../../api/schemas/commissionStatements';
import type { StatementCommand } from '../../machines/commissionStatement';

// The words of each statement command on buttons and in answers, and the machine's name for it.
export interface BulkWords {
  machine: StatementCommand;
  verb: string;
  doing: string;
  done: string;
}

export const BULK_WORDS: Readonly<Record<BulkCommand, BulkWords>> = {
  approve: { machine: 'approve', verb: 'Approve', doing: 'Approving', done: 'approved' },
  unapprove: { machine: 'unapprove', verb: 'Unapprove', doing: 'Unapproving', done: 'unapproved' },
  'mark-paid': { machine: 'markPaid', verb: 'Mark paid', doing: 'Marking paid', done: 'marked paid' },
  'mark-unpaid': {
    machine: 'markUnpaid',
    verb: 'Mark unpaid',
    doing: 'Marking unpaid',
    done: 'marked unpaid',
  },
};
