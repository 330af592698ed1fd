import { businessDate, setBusinessTimeZone, systemClock } from '../calendar';
import { loadConfig } from './config';
import { dollars, type Discrepancy } from './domain/reconciliation/discrepancies';
import { reconcile } from './domain/reconciliation/reconcile';
import { recordReconciliation } from './domain/reconciliation/reconciliationRecord';
import { fixedBusinessClock, sandboxBusinessClock } from './jobs/sandboxClock';
import { openCommandDatabase } from './store/openCommandDatabase';

// `npm run reconcile` (docs/reconciliation.md): the daily reconciliation of the money, now, on the database the
// server uses. Prints each discrepancy and the count, records the run under the business day (the jobs screen
// shows it), and exits 1 when anything disagrees, so a script or a monitor can act on it.
const config = loadConfig();
setBusinessTimeZone(config.businessTimeZone);
const database = await openCommandDatabase();

const amount = (cents: number | null) => (cents === null ? '—' : dollars(cents));
const line = (d: Discrepancy) =>
  `${d.line} ${d.policyNumber}  ${d.kind}  expected ${amount(d.expectedCents)}  found ${amount(d.foundCents)}\n  ${d.message}`;

try {
  // The server's business day: a sandbox's clock as it was moved (docs/jobs.md), production's real one.
  const business = config.mode === 'production' ? fixedBusinessClock(systemClock) : sandboxBusinessClock();
  await business.refresh(database.db);
  const now = business.clock.now();
  const day = businessDate(now);
  const started = performance.now();
  const result = await reconcile(database.db);
  const seconds = (performance.now() - started) / 1000;
  await recordReconciliation(database.db, day, now, result);
  for (const d of result.discrepancies) console.info(line(d));
  const count = result.discrepancies.length;
  console.info(
    `Reconciled ${result.policies} billed policies for ${day} in ${seconds.toFixed(2)} s: ${
      count === 0 ? 'no discrepancies' : `${count} discrepanc${count === 1 ? 'y' : 'ies'}`
    }`,
  );
  process.exitCode = count === 0 ? 0 : 1;
} finally {
  await database.close();
}
