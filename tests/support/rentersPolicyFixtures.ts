import { randomBytes, randomUUID } from 'node:crypto';
import { filedRentersTables } from '../../src/server/domain/rentersRating/filedRentersTables';
import { rateRentersQuote } from '../../src/server/domain/rentersRating/rateRentersQuote';
import type { RentersCoverageInput } from '../../src/server/domain/rentersRating/rentersTypes';
import { sellRentersPolicy } from '../../src/server/domain/policyMoney/sellRentersPolicy';
import type { RentersPolicyIssue } from '../../src/server/domain/rentersPolicies/issueRentersPolicy';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import type { Db } from '../../src/server/store/db';
import { demoRentersCoverage } from '../../src/server/seed/demoRentersPolicies';
import { TEST_METADATA } from './records';
import { businessToday } from './businessToday';

// Renters policies issued the way the purchase issues them: rated by the renters engine for a state and
// ZIP, then sold (`sellRentersPolicy`: the policy and its billing) in a transaction of its own.

// A city and ZIP of each sold state's own rating territory.
export const RENTERS_PLACES = {
  TX: { city: 'Austin', zip: '78701' },
  CA: { city: 'Los Angeles', zip: '90001' },
  FL: { city: 'Miami', zip: '33101' },
  IL: { city: 'Chicago', zip: '60601' },
  KY: { city: 'Louisville', zip: '40202' },
} as const;
export type RentersPlace = keyof typeof RENTERS_PLACES;

export { businessToday } from './businessToday';

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const coverageFor = (state: RentersPlace): RentersCoverageInput => demoRentersCoverage(state, 2_000_000);

export interface RentersIssueOptions {
  entityId: number;
  state?: RentersPlace;
  termInterval?: 'annual' | 'monthly';
  effectiveDate?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  rewriteOf?: string | null;
}

// A ten-digit phone number no other test uses (a 512 area code, as the demo's Austin customers have).
export const uniquePhone = (): string =>
  `512${(randomBytes(4).readUInt32BE() % 10_000_000).toString().padStart(7, '0')}`;

export function rentersPolicyIssue(options: RentersIssueOptions): RentersPolicyIssue {
  const state = options.state ?? 'TX';
  const place = RENTERS_PLACES[state];
  const termInterval = options.termInterval ?? 'monthly';
  const effectiveDate = options.effectiveDate ?? businessToday();
  const coverage = coverageFor(state);
  const rated = rateRentersQuote(filedRentersTables(state, effectiveDate), {
    zip_code: place.zip,
    term_interval: termInterval,
    coverage,
  });
  if (!rated.ok)
    throw new Error(`The sample coverage does not rate in ${state}: ${JSON.stringify(rated.errors)}`);
  const { rating } = rated;
  const firstBill = rating.schedule[0]!.total;
  const lastName = options.lastName ?? 'Renter';
  const address = { line1: '200 Congress Ave', line2: 'Apt 12', city: place.city, state, zip: place.zip };
  return {
    quoteId: randomUUID(),
    entityId: options.entityId,
    rewriteOf: options.rewriteOf ?? null,
    customer: {
      firstName: options.firstName ?? 'Robin',
      lastName,
      email: options.email ?? `${lastName.toLowerCase()}.${randomBytes(3).toString('hex')}@example.test`,
      phone: options.phone ?? uniquePhone(),
    },
    mailingAddress: { ...address, line1: 'PO Box 77', line2: null },
    propertyAddress: address,
    interestedParty: {
      name: 'Congress Towers Management',
      line1: '1 Leasing Way',
      city: place.city,
      state,
      zip: place.zip,
    },
    coverage,
    termInterval,
    effectiveDate,
    termPremiumCents: rating.term_premium,
    taxesCents: rating.taxes.total,
    feesCents: rating.fee_total,
    totalCents: rating.total,
    nextBill: rating.next_bill
      ? { dueDate: rating.next_bill.due_date, amountCents: rating.next_bill.amount }
      : null,
    payment: {
      method: 'card',
      token: 'tok_test',
      last4: '4242',
      chargeId: `ch_${randomBytes(6).toString('hex')}`,
      amountCents: firstBill,
    },
  };
}

export async function issueTestRentersPolicy(db: Db, issue: RentersPolicyIssue) {
  return db.transaction().execute((trx) => sellRentersPolicy(trx, TEST_METADATA, issue));
}

// A policy whose first payment is a real sandbox charge, so a cancellation can really refund it (an invented
// charge id makes every refund fail, and a failed refund is not charged back on reinstatement).
export async function issuePaidRentersPolicy(db: Db, issue: RentersPolicyIssue) {
  const payments = createSandboxPaymentAdapter({ db });
  const card = await payments.tokenizeCard({
    number: '4242424242424242',
    expiryMonth: 12,
    expiryYear: 2031,
    cvc: '123',
    name: `${issue.customer.firstName} ${issue.customer.lastName}`,
    zip: '78701',
  });
  if (!card.ok) throw new Error(JSON.stringify(card.errors));
  const charge = await payments.charge({
    token: card.payment.token,
    amountCents: issue.payment.amountCents,
    idempotencyKey: randomUUID(),
  });
  if (charge.outcome !== 'ok') throw new Error(charge.message);
  issue.payment = { ...issue.payment, token: card.payment.token, chargeId: charge.chargeId };
  return issueTestRentersPolicy(db, issue);
}

// `count` policies with the options given, one after another (so sold order is issue order).
export async function issueRentersPolicies(db: Db, count: number, options: RentersIssueOptions) {
  const issued = [];
  for (let i = 0; i < count; i += 1) {
    const issue = rentersPolicyIssue({ ...options, firstName: `${options.firstName ?? 'Robin'}${i + 1}` });
    issued.push({ issue, ...(await issueTestRentersPolicy(db, issue)) });
  }
  return issued;
}
