import { describe, expect, it } from 'vitest';
import { businessDate, formatBusinessDate } from '../../src/calendar';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import { recordReconciliation } from '../../src/server/domain/reconciliation/reconciliationRecord';
import { reconciliationWork } from '../../src/server/domain/reconciliation/reconciliationWork';
import { ADMIN } from '../support/personas';
import { checkAccessibility } from './a11y/checkAccessibility';
import { portalSuite } from './portalSession';

// The reconciliation of the money on the Jobs screen (docs/reconciliation.md): before any run it says so, a
// run that found nothing says "No discrepancies" plainly with its day and how many policies it compared, and a
// run that found some lists each with its policy, kind, amounts and what to do.
const portal = portalSuite();
const { shot, signedIn } = portal;

describe('the reconciliation on the jobs screen', () => {
  it('shows the last run: not yet, then no discrepancies, then the list of what disagrees', async () => {
    const { server } = portal.server;
    const db = server.database.db;
    const today = businessDate(server.clock.now());
    const page = await signedIn(ADMIN);
    await page.goto('/admin/jobs');
    const panel = page.getByRole('region', { name: 'Reconciliation of the money' });
    await panel.getByText(/Not run yet/).waitFor();

    await reconciliationWork.run({
      db,
      clock: server.clock,
      businessDate: today,
      payments: createSandboxPaymentAdapter({ db }),
      log: { info: () => undefined, warn: () => undefined },
    });
    await page.reload();
    await panel.getByText('No discrepancies', { exact: true }).waitFor();
    await panel.getByText(new RegExp(`Last run for ${formatBusinessDate(today)}`)).waitFor();
    await shot(page, 'jobs-reconciliation-clean');

    await recordReconciliation(db, today, server.clock.now(), {
      policies: 7,
      discrepancies: [
        {
          kind: 'collection_without_charge',
          line: 'pet',
          policyNumber: 'PET-TX-00000042',
          expectedCents: 0,
          foundCents: 4_512,
          message:
            'Billing recorded instalment 3 as collected for $45.12 (charge ch_1, key billing:pet:PET-TX-00000042:3:1), but the payment service has no charge under that key: the ledger counts money that never arrived. Ask the payment service about the charge; if nothing was taken, the instalment is still owed.',
        },
        {
          kind: 'schedule_differs',
          line: 'renters',
          policyNumber: 'RNT-TX-00000007',
          expectedCents: 1_893,
          foundCents: 1_900,
          message:
            'Instalment 5 due Mar 29, 2027 bills $19.00, but the rating the policy was sold at bills $18.93. Correct the schedule to the price sold, and refund or bill the difference of what was collected.',
        },
      ],
    });
    await page.reload();
    await panel.getByText('2 discrepancies').waitFor();
    const table = panel.getByRole('table', { name: 'Discrepancies of the last reconciliation' });
    const pet = table.getByRole('row').filter({ hasText: 'PET-TX-00000042' });
    await pet.getByText('Collection without a charge').waitFor();
    await pet.getByRole('cell', { name: '$45.12', exact: true }).waitFor();
    await pet.getByText(/Ask the payment service/).waitFor();
    const renters = table.getByRole('row').filter({ hasText: 'RNT-TX-00000007' });
    await renters.getByText('Schedule differs from the price sold').waitFor();
    await renters.getByRole('cell', { name: '$18.93', exact: true }).waitFor();
    await renters.getByRole('cell', { name: '$19.00', exact: true }).waitFor();
    await shot(page, 'jobs-reconciliation-discrepancies');
    // The list reads to a screen reader and a keyboard at a desktop's and a tablet's width.
    expect((await checkAccessibility(page, 'jobs-reconciliation')).name).toBe('jobs-reconciliation');
  });
});
