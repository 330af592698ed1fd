import { parseArgs } from 'node:util';
import { generateStatements } from './domain/commission/generateStatements';
import { businessDate, systemClock } from '../calendar';
import { installServerProjections } from './projections';
import { openCommandDatabase } from './store/openCommandDatabase';

// `npm run commission:generate -- --month 2026-10`: the month's commission statements of every entity
// (docs/commission.md "Statements"), on the database the server uses. Safe to run again.
const { values } = parseArgs({ options: { month: { type: 'string' } } });
const month = values.month ?? '';
// An operator's command runs on the real clock: the business day it is now, and the events dated now.
const now = systemClock.now();
const today = businessDate(now);
if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || month > today.slice(0, 7)) {
  console.error('Usage: npm run commission:generate -- --month YYYY-MM (this month or an earlier one)');
  process.exit(2);
}

installServerProjections();
const database = await openCommandDatabase();
try {
  const outcome = await generateStatements(
    database.db,
    month,
    today,
    { userId: null, entityId: null, requestId: `cli:commission:generate:${month}`, at: now },
    { kind: 'all' },
  );
  console.info(
    `Statements of ${month}: ${outcome.created} created, ${outcome.recalculated} recalculated, ${outcome.unchanged} unchanged`,
  );
  for (const kept of outcome.kept)
    console.info(`Kept statement ${kept.id} (${kept.entityCode}): ${kept.reason}`);
} finally {
  await database.close();
}
