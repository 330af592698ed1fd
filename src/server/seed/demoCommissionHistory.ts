import type { Clock } from '../../calendar';
import { randomUUID } from 'node:crypto';
import type { StatementCommand } from '../../machines/commissionStatement';
import { verifyBankAccount } from '../domain/bankAccounts/verifyBankAccount';
import { nextMonth } from '../domain/commission/commissionableEvents';
import { generateStatements } from '../domain/commission/generateStatements';
import { monthsOf } from '../domain/commission/statementSearch';
import { recordDownload, runStatementCommand } from '../domain/commission/statementCommands';
import { addOverride } from '../domain/commission/statementOverrides';
import { createSandboxRtp } from '../domain/payments/sandboxRtp';
import { sellRentersPolicy } from '../domain/policyMoney/sellRentersPolicy';
import { filedRentersTables } from '../domain/rentersRating/filedRentersTables';
import { rateRentersQuote } from '../domain/rentersRating/rateRentersQuote';
import type { Db } from '../store/db';
import type { EventActor } from '../store/eventStore';
import { demoCharge } from './demoCharge';
import { demoRentersCoverage } from './demoRentersPolicies';
import { commitDemoChange } from './demoRentersChange';
import { runDemoSteps, type DemoStep } from './demoSteps';

// A year of the demo agencies' renters business and its commission (issue 7 "Demo data"): renters policies
// sold on days of the last twelve months (their events recorded on those days), some cancelled pro rata
// two months later through the cancel flow's own figures, then each month's statements generated and moved
// through review and payment as the back office would have: old months paid, last month partly approved,
// this month pending; one agency without a verified bank account, so its approved statements wait. Runs
// once: nothing is done when any statement exists.
const SALES: EventActor = { userId: null, entityId: null, requestId: 'seed:commission-history' };
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

const dayOf = (month: string, day: number) => `${month}-${String(day).padStart(2, '0')}`;
const twoMonthsAfter = (day: string) => `${nextMonth(nextMonth(day.slice(0, 7)))}${day.slice(7)}`;

interface Agency {
  id: number;
  code: string;
  index: number;
}

async function sell(db: Db, agency: Agency, day: string, n: number, clock: Clock): Promise<string> {
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
  const payment = await demoCharge(
    db,
    `demo:renters:${quoteId}`,
    `${firstName} ${lastName}`,
    rating.total,
    clock,
  );
  return db.transaction().execute(async (trx) => {
    const issued = await sellRentersPolicy(
      trx,
      { ...SALES, at: clock.now() },
      {
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
        soldAt: clock.now(),
      },
    );
    return issued.policyNumber;
  });
}

async function userId(db: Db, email: string): Promise<number | null> {
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return user?.id ?? null;
}

// The year as steps of the demo's history (demoYear.ts), or none when a statement exists already.
export async function demoCommissionSteps(db: Db, today: string, secret: string): Promise<DemoStep[]> {
  if (await db.selectFrom('commission_statements').select('id').limit(1).executeTakeFirst()) return [];
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
  const notAfterToday = (day: string) => (day < today ? day : today);

  // The last twelve months, this one first.
  const months = monthsOf(today.slice(0, 7), MONTHS);
  const steps: DemoStep[] = [];

  // Months before the renters history (the pet business's first sales) are generated by the month-end work
  // alone, and reviewed as the others are.
  const reviewed = monthsOf(today.slice(0, 7), MONTHS + 2);
  // The agencies give their bank accounts before the first month's statements are paid.
  steps.push({
    day: `${reviewed.at(-1)!}-01`,
    minute: 0,
    async run(clock) {
      const rtp = createSandboxRtp();
      for (const agency of agencies.filter((a) => a.code !== WITHOUT_BANK_ACCOUNT)) {
        await verifyBankAccount(
          db,
          { rtp, secret },
          { ...SALES, at: clock.now() },
          {
            entityId: agency.id,
            routingNumber: '021000021',
            accountNumber: `40012${String(7000 + agency.index * 13)}`,
            holderName: `Agency ${agency.code} operating account`,
            accountType: 'checking',
            routingField: 'routingNumber',
          },
        );
      }
      return 0;
    },
  });

  // Sales, each on its day; every fourth is cancelled pro rata two months on, when that day has passed.
  for (let back = MONTHS - 1; back >= 0; back--) {
    const month = months[back]!;
    for (const agency of agencies) {
      const sales = 1 + ((agency.index + back) % 3);
      for (let n = 0; n < sales; n++) {
        const day = dayOf(month, 3 + n * 8 + (agency.index % 4));
        if (day >= today) continue;
        let policyNumber = '';
        steps.push({
          day,
          minute: 90 + agency.index,
          async run(clock) {
            policyNumber = await sell(db, agency, day, n, clock);
            return 1;
          },
        });
        const cancelDay = twoMonthsAfter(day);
        if ((agency.index + n + back) % 4 === 0 && cancelDay < today) {
          const inputs = {
            reasonCode: 'MOVED_OUT',
            cancellationMethod: 'PRO_RATA',
            cancelDate: cancelDay,
            note: 'Demo history',
          };
          steps.push({
            day: cancelDay,
            minute: 150 + agency.index,
            async run(clock) {
              await commitDemoChange(db, SALES, policyNumber, 'cancel', inputs, cancelDay, clock);
              return 0;
            },
          });
        }
      }
    }
  }

  // Each month's statements: generated on the next month's first day (this month's today, to date), reviewed
  // on the third, paid on the tenth: old months paid, last month partly approved, this month pending.
  const reviewer = { ...SALES, userId: await userId(db, 'reviewer@demo.test') };
  const accountant = { ...SALES, userId: await userId(db, 'accounting@demo.test') };
  // Only the agencies that gave a bank account can be paid; the others' approved statements wait.
  const hasBank = (entityId: number) =>
    agencies.some((a) => a.id === entityId && a.code !== WITHOUT_BANK_ACCOUNT);
  const statementsOf = (month: string) =>
    db
      .selectFrom('commission_statements')
      .select(['id', 'entity_id'])
      .where('month', '=', month)
      .orderBy('id')
      .execute();
  for (let back = reviewed.length - 1; back >= 0; back--) {
    const month = reviewed[back]!;
    const statementOn = back === 0 ? today : `${nextMonth(month)}-01`;
    if (back < MONTHS)
      steps.push({
        day: statementOn,
        minute: 0,
        async run(clock) {
          await generateStatements(db, month, statementOn, { ...SALES, at: clock.now() }, { kind: 'all' });
          return (await statementsOf(month)).length;
        },
      });
    if (back === 0) continue;
    const reviewOn = notAfterToday(`${nextMonth(month)}-03`);
    steps.push({
      day: reviewOn,
      minute: 30,
      async run(clock) {
        const by = (who: EventActor) => ({ ...who, at: clock.now() });
        const run = (id: number, command: StatementCommand, who: EventActor) =>
          db
            .transaction()
            .execute((trx) => runStatementCommand(trx, id, command, { today: reviewOn, metadata: by(who) }));
        // What the month's late business changed, brought in before anyone approves (decision 014).
        if (back < MONTHS) await generateStatements(db, month, reviewOn, by(reviewer), { kind: 'all' });
        for (const [i, row] of (await statementsOf(month)).entries()) {
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
                  by(reviewer),
                ),
              );
          }
          if (back >= 2 || (back === 1 && i % 3 === 0)) await run(row.id, 'approve', reviewer);
        }
        return 0;
      },
    });
    if (back < 2) continue;
    const paidOn = notAfterToday(`${nextMonth(month)}-10`);
    steps.push({
      day: paidOn,
      minute: 60,
      async run(clock) {
        const by = { ...accountant, at: clock.now() };
        for (const [i, row] of (await statementsOf(month)).entries()) {
          const pay = hasBank(row.entity_id) && (back >= 3 || (back === 2 && i % 2 === 0));
          if (!pay) continue;
          await db
            .transaction()
            .execute((trx) => runStatementCommand(trx, row.id, 'markPaid', { today: paidOn, metadata: by }));
          if (back >= 6) await db.transaction().execute((trx) => recordDownload(trx, row.id, 'pdf', by));
        }
        return 0;
      },
    });
  }
  return steps;
}

// The year of history alone, on a running server (tests of reports and of the rebuild): its steps in day
// order without the days' scheduled work between them. Runs once: nothing is done when any statement exists.
export async function seedDemoCommissionHistory(db: Db, today: string, secret: string): Promise<number> {
  return runDemoSteps(await demoCommissionSteps(db, today, secret));
}
