import type { JobRun } from '../../api/schemas/jobs';

// What each piece of daily work counted, in the words of the business (docs/jobs.md): "3 instalments
// collected, 1 declined" rather than the counters' names. A count a piece adds later reads as its name until
// it is given words here.
export const OUTCOME_WORDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'policy-dates': {
    tookEffect: 'cancellations took effect',
    nonRenewalTookEffect: 'non-renewals took effect',
    renewalOffered: 'renewals offered',
    renewed: 'policies renewed',
    notRenewable: 'not renewable',
    skipped: 'already done',
  },
  billing: {
    charged: 'instalments collected',
    declined: 'declined',
    lapsed: 'policies lapsed',
    closed: 'accounts closed',
  },
  'refund-retries': { asked: 'refunds asked again', done: 'refunded', failed: 'failed again' },
  reconciliation: { policies: 'policies checked', discrepancies: 'differences found' },
  'month-end-statements': {
    created: 'statements created',
    recalculated: 'recalculated',
    unchanged: 'unchanged',
    kept: 'kept as reviewed',
  },
  'session-recording-retention': { deleted: 'recordings deleted' },
};

// The counts that are not zero, each with its words; "nothing to do" when the piece found none.
export function outcomeText(run: Pick<JobRun, 'name' | 'summary'>): string {
  if (!run.summary) return '';
  const words = OUTCOME_WORDS[run.name] ?? {};
  const parts = Object.entries(run.summary)
    .filter(([, n]) => n !== 0)
    .map(([what, n]) => `${n} ${words[what] ?? what}`);
  return parts.length > 0 ? parts.join(', ') : 'nothing to do';
}
