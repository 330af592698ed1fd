import { businessDate, setBusinessTimeZone, systemClock } from '../calendar';
import { loadConfig } from './config';
import { appliedReport, planReport } from './domain/corrections/correctionReport';
import { applyCorrections, planCorrections } from './domain/corrections/planCorrections';
import { fixedBusinessClock, sandboxBusinessClock } from './jobs/sandboxClock';
import { installServerProjections } from './projections';
import { createServices } from './services';
import { openCommandDatabase } from './store/openCommandDatabase';

// `npm run correct-billing` (docs/reconciliation.md "Correcting what older versions billed"): the corrections
// of what older versions billed, found by the reconciliation, on the database the server uses. A dry run by
// default: prints each correction and the total, and changes nothing. `--apply` records them (refunds through
// the refund path, so the payment service moves the money) and prints what was done.
const config = loadConfig();
setBusinessTimeZone(config.businessTimeZone);
// The corrections it records (refunds, voided settlements) must reach the read tables, as the server's do.
installServerProjections();
const database = await openCommandDatabase();
const apply = process.argv.includes('--apply');

try {
  const business = config.mode === 'production' ? fixedBusinessClock(systemClock) : sandboxBusinessClock();
  await business.refresh(database.db);
  const clock = business.clock;
  const day = businessDate(clock.now());
  const plan = await planCorrections(database.db);
  for (const text of planReport(plan, day, apply)) console.info(text);
  if (apply && plan.corrections.length > 0) {
    const { payments } = createServices(database.db, config);
    const applied = await applyCorrections(
      {
        db: database.db,
        payments,
        clock,
        actor: { userId: null, entityId: null, requestId: 'command:correct-billing' },
      },
      plan.corrections,
    );
    for (const text of appliedReport(applied)) console.info(text);
  }
} finally {
  await database.close();
}
