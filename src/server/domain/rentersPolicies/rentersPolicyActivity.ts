import type { RentersPayment, RentersPolicyEventEntry } from '../../../api/schemas/rentersPolicyRecord';
import { streamHistory } from '../streamHistory';
import type { Db } from '../../store/db';
import type { StoredEvent } from '../../store/eventStore';
import { dollars } from '../rating/wireAmounts';
import type { RentersSettledData } from './changes/rentersChangeEvents';
import { RENTERS_POLICY_STREAM, type RentersPolicyIssued } from './rentersPolicyEvents';
import type { ActorViewer } from '../actorNames';

// The payments and events tabs of the renters policy screen, read from the policy's stream.

// A payment billing took for the policy, as the payments tab lists it (the caller reads billing's).
export interface TakenPayment {
  seq: number;
  kind: string;
  dueDate: string;
  amountCents: number;
  paidOn: string;
  chargeId: string | null;
}

// The charge that paid the first bill, every settlement since, and the next bill while one is due (as the
// policy record says it); newest first, the scheduled bill on top.
export function rentersPayments(
  events: readonly StoredEvent[],
  nextBill: { dueDate: string; amountCents: number } | null,
  collected: readonly TakenPayment[] = [],
): RentersPayment[] {
  const issued = events[0]?.data as unknown as RentersPolicyIssued | undefined;
  if (!issued) return [];
  const rows: RentersPayment[] = [
    {
      id: issued.payment.chargeId,
      amount: dollars(issued.payment.amountCents),
      ledger_type: 'CHARGE',
      status: 'SUCCEEDED',
      transaction_date: issued.soldOn,
      due_date: issued.effectiveDate,
      reference: issued.payment.chargeId,
    },
  ];
  // A change's charge (a balance due, a charge-back) is due until billing takes it; then it reads as taken,
  // with the payment service's reference, once.
  const extras = collected.filter((c) => c.kind !== 'instalment');
  const settledRows: RentersPayment[] = [];
  for (const event of events) {
    if (event.type !== 'renters.settled') continue;
    const s = event.data as unknown as RentersSettledData;
    const taken =
      s.kind === 'charge' && s.status === 'PENDING'
        ? extras.find((c) => c.amountCents === s.amountCents && c.dueDate === s.transactionDate)
        : undefined;
    if (taken) extras.splice(extras.indexOf(taken), 1);
    settledRows.push({
      id: `${event.streamId}:${event.version}`,
      amount: dollars(s.amountCents),
      ledger_type: s.kind === 'refund' ? 'REFUND' : 'CHARGE',
      status: taken ? 'SUCCEEDED' : s.status,
      transaction_date: taken ? taken.paidOn : s.transactionDate,
      due_date: null,
      reference: taken ? taken.chargeId : (s.reference ?? null),
    });
  }
  // The bills billing took after the first, and the changes' settlements.
  for (const c of collected)
    if (c.kind === 'instalment' || extras.includes(c))
      rows.push({
        id: `billing:${issued.policyNumber}:${c.seq}`,
        amount: dollars(c.amountCents),
        ledger_type: 'CHARGE',
        status: 'SUCCEEDED',
        transaction_date: c.paidOn,
        due_date: c.dueDate,
        reference: c.chargeId,
      });
  rows.push(...settledRows);
  // In the order the money moved (a stable sort keeps a day's rows in the order they were recorded).
  const [first, ...rest] = rows;
  rest.sort((a, b) => (a.transaction_date ?? '').localeCompare(b.transaction_date ?? ''));
  rows.splice(0, rows.length, first!, ...rest);
  rows.reverse();
  if (nextBill) {
    rows.unshift({
      id: `${issued.policyNumber}:next`,
      amount: dollars(nextBill.amountCents),
      ledger_type: 'CHARGE',
      status: 'SCHEDULED',
      transaction_date: null,
      due_date: nextBill.dueDate,
      reference: null,
    });
  }
  return rows;
}

const LABELS: Readonly<Record<string, string>> = {
  'renters.policyIssued': 'Policy issued',
  'renters.cancelled': 'Policy cancelled',
  'renters.cancellationTookEffect': 'Cancellation took effect',
  'renters.discontinued': 'Policy set not to renew',
  'renters.nonRenewalTookEffect': 'Non-renewal took effect',
  'renters.reinstated': 'Policy reinstated',
  'renters.rewritten': 'Policy rewritten',
  'renters.renewalOffered': 'Renewal offered',
  'renters.renewalPaymentReceived': 'Renewal payment received',
  'renters.renewed': 'Policy renewed',
  'renters.sentToCarrier': 'Sent to the carrier',
  'renters.addressConfirmed': 'Address confirmed',
  'renters.contactChanged': 'Primary contact changed',
  'renters.additionalInsuredAdded': 'Additional insured added',
  'renters.additionalInsuredRemoved': 'Additional insured removed',
  'renters.paymentMethodChanged': 'Payment method changed',
  'renters.noteAdded': 'Note added',
  'renters.documentGenerated': 'Document generated',
  'renters.settled': 'Payment settled',
};
const ADDRESS_LABELS: Readonly<Record<string, string>> = {
  MAILING: 'Mailing address changed',
  PROPERTY: 'Property address changed',
  INTPARTY: 'Interested party changed',
};

export function rentersEventLabel(type: string, data: Record<string, unknown>): string {
  if (type === 'renters.addressChanged') return ADDRESS_LABELS[String(data.addressType)] ?? 'Address changed';
  return LABELS[type] ?? type;
}

// The policy's stream as history rows, oldest first, with who did each and a readable label. The issue
// event's data is the whole sale; its row keeps the few fields a reader looks for.
export async function rentersPolicyEvents(
  db: Db,
  policyNumber: string,
  viewer: ActorViewer,
): Promise<RentersPolicyEventEntry[]> {
  const entries = await streamHistory(db, RENTERS_POLICY_STREAM, policyNumber, viewer);
  // An internal note is staff's alone, its event too (rentersNotes.ts).
  const shown = viewer.staff
    ? entries
    : entries.filter((e) => !(e.type === 'renters.noteAdded' && e.changes.visibility === 'INTERNAL'));
  return shown.map((entry) => {
    const label = rentersEventLabel(entry.type, entry.changes);
    if (entry.type !== 'renters.policyIssued') return { ...entry, label };
    const { policyNumber: number, effectiveDate, expirationDate, termInterval, soldOn } = entry.changes;
    return {
      ...entry,
      label,
      changes: { policyNumber: number, soldOn, effectiveDate, expirationDate, termInterval },
    };
  });
}
