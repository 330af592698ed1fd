import type { Insertable } from 'kysely';
import { addDays, startOfBusinessDay, type BusinessDate } from '../../../calendar';
import { billingEvent, type PaymentMethodOnFile } from '../../domain/billing/billingEvents';
import type { BillingOpened, Closed, InstalmentCollected } from '../../domain/billing/billingEvents';
import { termSchedule } from '../../domain/billing/billingSchedule';
import type { BillingAccountsTable, BillingInstalmentsTable } from '../../store/tables/billingTables';
import { chargeKey } from '../../domain/billing/chargeClaims';
import { BILLING_STREAM, billingStreamId, type PolicyLine } from '../../domain/billing/policyRef';
import type { EventActor, EventMetadata, StoredEvent } from '../../store/eventStore';
import type { GeneratedStream } from './generatedStream';
import type { Random } from './random';

// The day the generated book is billed to: every instalment due before it was collected by the daily run on
// its due date, and terms that ended before it are closed. The latest day on or before `today` whose day of
// the month is at most 28, so the first day the book has not billed yet is an ordinary day of the month (every
// monthly policy whose term started on that day of a month owes an instalment), not a 29th to 31st.
export function billingBookDate(today: BusinessDate): BusinessDate {
  let day = today;
  while (Number(day.slice(8, 10)) > 28) day = addDays(day, -1);
  return day;
}

// One generated policy's billing, as its purchase opened it (openPetBilling, openRentersBilling).
export interface GeneratedBilling {
  line: PolicyLine;
  policyNumber: string;
  entityId: number;
  customerId: number;
  plan: 'monthly' | 'annual';
  effectiveDate: BusinessDate;
  expirationDate: BusinessDate;
  payment: PaymentMethodOnFile & { token: string; method: 'card' | 'bank'; last4: string };
  // The payment method's holder, as tokenized at checkout.
  holder: string;
  // The purchase's charge for this policy (the first instalment) and the rest of a monthly term's.
  firstCents: number;
  monthlyCents: number;
  chargeId: string;
  soldOn: BusinessDate;
  purchased: Date;
  metadata: EventMetadata;
  // A cancellation committed on this day (effective that day), which settles the account.
  cancelledOn: { day: BusinessDate; at: Date } | null;
}

// The daily run writes as the system: no user, no entity.
const SYSTEM: EventActor = { userId: null, entityId: null, requestId: null };

// A stream event with the metadata of whoever wrote it (the purchase, the daily run, a cancellation).
export type GeneratedEvent = GeneratedStream['events'][number];

// The billing stream the real path would have written for this policy by `bookDate`: opened by the purchase
// with its first instalment collected; each later instalment due before `bookDate` collected by the run of its
// due date (the run works at the start of the business day, before the day's cancellations, so an instalment
// due on the cancel date is collected); a cancellation settles the account (closed, every unpaid instalment
// voided, as settleCancellation does); a term that ended before `bookDate` closed by the run of its
// expiration date. Every card pays: the generated book has no declines. Charge ids come from `random`.
export function billingStream(random: Random, b: GeneratedBilling, bookDate: BusinessDate): GeneratedStream {
  const ref = { line: b.line, policyNumber: b.policyNumber };
  const instalments = termSchedule({
    plan: b.plan,
    effectiveDate: b.effectiveDate,
    firstCents: b.firstCents,
    monthlyCents: b.monthlyCents,
  });
  const opened: BillingOpened = {
    line: b.line,
    policyNumber: b.policyNumber,
    entityId: b.entityId,
    customerId: b.customerId,
    plan: b.plan,
    effectiveDate: b.effectiveDate,
    expirationDate: b.expirationDate,
    payment: { token: b.payment.token, method: b.payment.method, last4: b.payment.last4 },
    instalments,
    firstCollected: { chargeId: b.chargeId, collectedOn: b.soldOn },
  };
  const events: GeneratedEvent[] = [{ ...billingEvent.opened(opened), recordedAt: b.purchased }];
  const cancelDay = b.cancelledOn?.day ?? null;
  const paid = new Set([instalments[0]!.seq]);
  for (const due of instalments.slice(1)) {
    if (due.dueDate >= bookDate || (cancelDay !== null && due.dueDate > cancelDay)) break;
    const collected: InstalmentCollected = {
      seq: due.seq,
      attempt: 1,
      amountCents: due.amountCents,
      chargeId: `ch_${random.uuid()}`,
      collectedOn: due.dueDate,
      idempotencyKey: chargeKey(ref, due.seq, 1),
      settlesArrears: true,
    };
    events.push({
      ...billingEvent.collected(collected),
      recordedAt: new Date(startOfBusinessDay(due.dueDate).getTime() + 60_000),
      metadata: { ...SYSTEM, at: new Date(startOfBusinessDay(due.dueDate).getTime() + 60_000) },
    });
    paid.add(due.seq);
  }
  const unpaid = instalments.filter((i) => !paid.has(i.seq)).map((i) => i.seq);
  if (b.cancelledOn) {
    events.push({
      ...billingEvent.closed({ on: b.cancelledOn.day, reason: 'cancellationSettled', voided: unpaid }),
      recordedAt: b.cancelledOn.at,
    });
  } else if (b.expirationDate < bookDate) {
    events.push({
      ...billingEvent.closed({ on: b.expirationDate, reason: 'termEnded', voided: unpaid }),
      recordedAt: new Date(startOfBusinessDay(b.expirationDate).getTime() + 60_000),
      metadata: { ...SYSTEM, at: new Date(startOfBusinessDay(b.expirationDate).getTime() + 60_000) },
    });
  }
  return {
    streamType: BILLING_STREAM,
    streamId: billingStreamId(ref),
    metadata: b.metadata,
    events,
    tokens: [
      {
        token: b.payment.token,
        type: b.payment.method,
        last4: b.payment.last4,
        name: b.holder,
        expiry: b.payment.method === 'card' ? '12/30' : null,
        behaviour: 'ok',
        session_id: null,
        created_by: b.metadata.userId,
        created_at: new Date(b.purchased.getTime() - 60_000),
      },
    ],
  };
}

// The rows billingProjection makes of a generated billing stream (opened, instalments collected, closed), made
// at once rather than statement by statement: a large book has millions of these events.
export function billingRows(events: readonly StoredEvent[]): {
  account: Insertable<BillingAccountsTable>;
  instalments: Insertable<BillingInstalmentsTable>[];
} {
  const [first, ...rest] = events;
  if (first?.type !== 'billing.opened')
    throw new Error('A generated billing stream starts with billing.opened');
  const d = first.data as unknown as BillingOpened;
  const rows = new Map<number, Insertable<BillingInstalmentsTable>>();
  const account: Insertable<BillingAccountsTable> = {
    line: d.line,
    policy_number: d.policyNumber,
    state: 'current',
    entity_id: d.entityId,
    customer_id: d.customerId,
    plan: d.plan,
    token: d.payment.token,
    method: d.payment.method,
    last4: d.payment.last4,
    term_effective: d.effectiveDate,
    term_expiration: d.expirationDate,
    first_missed_on: null,
    lapsed_on: null,
    billed_cents: 0,
    collected_cents: 0,
    refunded_cents: 0,
  };
  for (const c of d.instalments) {
    rows.set(c.seq, {
      line: d.line,
      policy_number: d.policyNumber,
      seq: c.seq,
      kind: c.kind,
      description: c.description,
      due_date: c.dueDate,
      amount_cents: c.amountCents,
      status: 'scheduled',
      billed: false,
      attempts: 0,
      collect_on: c.dueDate,
      last_reason: null,
      charge_id: null,
      paid_on: null,
    });
  }
  const pay = (seq: number, attempts: number, chargeId: string | null, on: BusinessDate) => {
    const row = rows.get(seq)!;
    if (!row.billed) account.billed_cents = Number(account.billed_cents) + row.amount_cents;
    account.collected_cents = Number(account.collected_cents) + row.amount_cents;
    Object.assign(row, {
      status: 'paid',
      billed: true,
      attempts,
      collect_on: null,
      charge_id: chargeId,
      paid_on: on,
      last_reason: null,
    });
  };
  if (d.firstCollected)
    pay(d.instalments[0]!.seq, 1, d.firstCollected.chargeId, d.firstCollected.collectedOn);
  for (const event of rest) {
    if (event.type === 'billing.instalmentCollected') {
      const c = event.data as unknown as InstalmentCollected;
      pay(c.seq, c.attempt, c.chargeId, c.collectedOn);
    } else if (event.type === 'billing.closed') {
      const c = event.data as unknown as Closed;
      for (const seq of c.voided) {
        const row = rows.get(seq)!;
        if (row.billed) account.billed_cents = Number(account.billed_cents) - row.amount_cents;
        Object.assign(row, { status: 'void', billed: false, collect_on: null });
      }
      account.state = 'closed';
    } else {
      throw new Error(`A generated billing stream has no ${event.type}`);
    }
  }
  return { account, instalments: [...rows.values()] };
}
