import { randomUUID } from 'node:crypto';
import type { StatementCommand } from '../../machines/commissionStatement';
import { verifyBankAccount } from '../domain/bankAccounts/verifyBankAccount';
import { nextMonth } from '../domain/commission/commissionableEvents';
import { generateStatements } from '../domain/commission/generateStatements';
import { monthsOf } from '../domain/commission/statementSearch';
import { recordDownload, runStatementCommand } from '../domain/commission/statementCommands';
import { addOverride } from '../domain/commission/statementOverrides';
import { createSandboxRtp } from '../domain/payments/sandboxRtp';
import { issueRentersPolicy } from '../domain/rentersPolicies/issueRentersPolicy';
import { filedRentersTables } from '../domain/rentersRating/filedRentersTables';
import { rateRentersQuote } from '../domain/rentersRating/rateRentersQuote';
import type { Db } from '../store/db';
import type { EventMetadata } from '../store/eventStore';
import { demoCharge } from './demoCharge';
import { demoRentersCoverage } from './demoRentersPolicies';
import { recordDemoChange } from './demoRentersChange';

// A year of the demo agencies' renters business and its commission (issue 7 "Demo data"): renters policies
// sold on days of the last twelve months (their events recorded on those days), some cancelled pro rata
// two months later through the cancel flow's own figures, then each month's statements generated and moved
// through review and payment as the back office would have: old months paid, last month partly approved,
// this month pending; one agency without a verified bank account, so its approved statements wait. Runs
// once: nothing is done when any statement exists.
const SALES: EventMetadata = { userId: null, entityId: null, requestId: 'seed:commission-history' };
const MONTHS = 12;
// An agency that has not given a bank account yet: its statements are approved but cannot be paid.
const WITHOUT_BANK_ACCOUNT = '2345-6789-CD';

const PROPERTIES = [
  { line1: '1401 Lavaca St', city: 'Austin', state: 'TX', zip: '78701' },
  { line1: '88 Howard St', city: 'Los Angeles', state: 'CA', zip: '90001' },
  { line1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zip: '60601' },
  { line1: '1200 Brickell Ave', city: 'Miami', state: 'FL', zip: '33101' },
  { line1: '2201 E 6th St', city: 'Austin', state: 'TX', zip: '78702' },
] as const;
const FIRST_NAMES = ['Avery', 'Jordan', 'Riley', 'Casey', 'Morgan', 'Quinn', 'Harper', 'Rowan', 'Elliot'];
const LAST_NAMES = ['Nguyen', 'Patel', 'Okafor', 'Larsen', 'Silva', 'Kowalski', 'Haddad', 'Moreau'];

const at = (day: string) => new Date(`${day}T15:00:00Z`);
const dayOf = (month: string, day: number) => `${month}-${String(day).padStart(2, '0')}`;
const twoMonthsAfter = (day: string) => `${nextMonth(nextMonth(day.slice(0, 7)))}${day.slice(7)}`;

interface Agency {
  id: number;
  code: string;
  index: number;
}

async function sell(db: Db, agency: Agency, day: string, n: number): Promise<string> {
  const place = PROPERTIES[(agency.index + n) % PROPERTIES.length]!;
  const property = { ...place, line2: `Apt ${100 + n}` };
  const coverage = demoRentersCoverage(place.state, 1_500_000 + ((agency.index + n) % 4) * 500_000);
  const rated = rateRentersQuote(filedRentersTables(place.state, day), {
    zip_code: place.zip,
    term_interval: 'annual',
    coverage,
  });
  if (!rated.ok)
    throw new Error(`Demo history sale does not rate in ${place.state}: ${JSON.stringify(rated.errors)}`);
  const { rating } = rated;
  const firstName = FIRST_NAMES[(agency.index + n) % FIRST_NAMES.length]!;
  const lastName = LAST_NAMES[(agency.index * 3 + n) % LAST_NAMES.length]!;
  const quoteId = randomUUID();
  const payment = await demoCharge(db, `demo:renters:${quoteId}`, `${firstName} ${lastName}`, rating.total);
  return db.transaction().execute(async (trx) => {
    const issued = await issueRentersPolicy(trx, SALES, {
      quoteId,
      entityId: agency.id,
      rewriteOf: null,
      customer: {
        firstName,
        lastName,
        email: `${firstName}.${lastName}.${agency.code}.${day}.${n}@renters.example.test`.toLowerCase(),
        phone: `312555${String(1000 + ((agency.index * 37 + n * 11) % 9000)).padStart(4, '0')}`,
      },
      mailingAddress: property,
      propertyAddress: property,
      interestedParty: null,
      coverage,
      termInterval: 'annual',
      effectiveDate: day,
      termPremiumCents: rating.term_premium,
      taxesCents: rating.taxes.total,
      feesCents: rating.fee_total,
      totalCents: rating.total,
      nextBill: null,
      payment,
      soldAt: at(day),
    });
    return issued.policyNumber;
  });
}

// A pro rata cancellation on `day`, recorded on that day.
async function cancel(db: Db, policyNumber: string, day: string): Promise<void> {
  const inputs = {
    reasonCode: 'MOVED_OUT',
    cancellationMethod: 'PRO_RATA',
    cancelDate: day,
    note: 'Demo history',
  };
  await db
    .transaction()
    .execute((trx) => recordDemoChange(trx, SALES, policyNumber, 'cancel', inputs, day, at(day)));
}

async function userId(db: Db, email: string): Promise<number | null> {
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return user?.id ?? null;
}

export async function seedDemoCommissionHistory(db: Db, today: string, secret: string): Promise<number> {
  if (await db.selectFrom('commission_statements').select('id').limit(1).executeTakeFirst()) return 0;
  const agencies: Agency[] = (
    await db
      .selectFrom('entities')
      .select(['id', 'entity_code'])
      .where('can_quote', '=', true)
      .where('type_code', '!=', 'HOUSE')
      .where('status_code', '=', 'ACTIVE')
      .orderBy('id')
      .execute()
  ).map((e, index) => ({ id: e.id, code: e.entity_code, index }));

  // The last twelve months, this one first.
  const months = monthsOf(today.slice(0, 7), MONTHS);

  // Sales, oldest month first; every fourth is cancelled two months on when that day has passed.
  for (let back = MONTHS - 1; back >= 0; back--) {
    const month = months[back]!;
    for (const agency of agencies) {
      const sales = 1 + ((agency.index + back) % 3);
      for (let n = 0; n < sales; n++) {
        const day = dayOf(month, 3 + n * 8 + (agency.index % 4));
        if (day >= today) continue;
        const policyNumber = await sell(db, agency, day, n);
        const cancelDay = twoMonthsAfter(day);
        if ((agency.index + n + back) % 4 === 0 && cancelDay < today)
          await cancel(db, policyNumber, cancelDay);
      }
    }
  }

  const rtp = createSandboxRtp();
  for (const agency of agencies.filter((a) => a.code !== WITHOUT_BANK_ACCOUNT)) {
    await verifyBankAccount(db, { rtp, secret }, SALES, {
      entityId: agency.id,
      routingNumber: '021000021',
      accountNumber: `40012${String(7000 + agency.index * 13)}`,
      holderName: `Agency ${agency.code} operating account`,
      accountType: 'checking',
    });
  }

  const reviewer: EventMetadata = { ...SALES, userId: await userId(db, 'reviewer@demo.test') };
  const accountant: EventMetadata = { ...SALES, userId: await userId(db, 'accounting@demo.test') };
  // `on` is the day the command was given (a payment's paid-on day).
  const run = (id: number, command: StatementCommand, metadata: EventMetadata, on = today) =>
    db.transaction().execute((trx) => runStatementCommand(trx, id, command, { today: on, metadata }));
  const hasBank = (entityId: number) =>
    agencies.find((a) => a.id === entityId)?.code !== WITHOUT_BANK_ACCOUNT;

  let statements = 0;
  for (let back = MONTHS - 1; back >= 0; back--) {
    const month = months[back]!;
    const statementOn = back === 0 ? today : `${nextMonth(month)}-01`;
    const paidOn = `${nextMonth(month)}-10` < today ? `${nextMonth(month)}-10` : today;
    await generateStatements(db, month, statementOn, SALES, { kind: 'all' });
    const rows = await db
      .selectFrom('commission_statements')
      .select(['id', 'entity_id'])
      .where('month', '=', month)
      .orderBy('id')
      .execute();
    statements += rows.length;
    for (const [i, row] of rows.entries()) {
      const approve = back >= 2 || (back === 1 && i % 3 === 0);
      const pay = hasBank(row.entity_id) && (back >= 3 || (back === 2 && i % 2 === 0));
      if (back === 1 && i === 1) {
        // Approved, then taken back to add a bonus: pending again, with its history showing why.
        await run(row.id, 'approve', reviewer);
        await run(row.id, 'unapprove', reviewer);
        await db
          .transaction()
          .execute((trx) =>
            addOverride(
              trx,
              row.id,
              { typeCode: 'PRODUCTION_BONUS', amountCents: 2_500, note: 'Quarterly production bonus' },
              reviewer,
            ),
          );
      }
      if (approve) await run(row.id, 'approve', reviewer);
      if (pay) await run(row.id, 'markPaid', accountant, paidOn);
      if (pay && back >= 6) {
        await db.transaction().execute((trx) => recordDownload(trx, row.id, 'pdf', accountant));
      }
    }
  }
  return statements;
}
