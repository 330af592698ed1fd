import { isNonRenewing, statusCodeOf } from '../../../machines/rentersPolicyStatus';
import {
  rentersPolicyFacts,
  rentersRecordFlags,
  rentersStatusOn,
} from '../../../machines/rentersRecordFlags';
import type {
  RentersAdditionalInsured,
  RentersAddressTypeCode,
  RentersNumberType,
  RentersPolicyRecord,
  RentersRecordAddress,
} from '../../../api/schemas/rentersPolicyRecord';
import type { Db } from '../../store/db';
import { readStream, type StoredEvent, type Trx } from '../../store/eventStore';
import { namesEditedAfter } from '../customers/customerEdits';
import { dollars } from '../rating/wireAmounts';
import type { RentersCoverageInput } from '../rentersRating/rentersTypes';
import {
  RENTERS_POLICY_STREAM,
  rentersPolicyStatusEvent,
  type RentersAddressData,
  type RentersPolicyIssued,
} from './rentersPolicyEvents';
import type { RentersPolicyRef } from './rentersPolicyScope';
import { rentersEndingReasons } from './rentersPolicyTerms';
import type { RentersCancellationReason } from '../../../api/schemas/rentersPolicyTerms';

// The SPEC §3 "Renters policy record as shown on screen", folded from the policy's stream when read: the
// issue event gives the sale, later edits (contact, addresses, additional insureds, payment method) replace
// their part, and the status and flags come from the status machine on the day (docs/renters-policy-record.md).

// What the edits of rentersPolicyEdits.ts write into their events.
export interface RentersContactChanged {
  number: string;
  numberType: RentersNumberType;
  extension: string | null;
  // Absent on changes recorded before it was kept.
  additionalInfo?: string | null;
}
export interface RentersAddressChanged {
  addressType: RentersAddressTypeCode;
  confirmed: boolean;
  address: RentersAddressData;
  name?: string | null;
}
export interface RentersInsuredAdded {
  insuredId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}

const text = (value: string | null | undefined): string => (value ?? '').trim();
const orNull = (value: string | null | undefined): string | null => text(value) || null;

const address = (
  typeCode: RentersAddressTypeCode,
  a: Omit<RentersAddressData, 'line2'> & { line2?: string | null },
) =>
  ({
    typeCode,
    line1: text(a.line1),
    line2: orNull(a.line2),
    city: text(a.city),
    stateCode: text(a.state).toUpperCase(),
    zipCode: text(a.zip),
  }) satisfies RentersRecordAddress;

// The parts of the record the stream's events replace one by one, in the order they happened.
export interface RentersPolicyParts {
  issued: RentersPolicyIssued;
  contact: RentersContactChanged;
  mailing: RentersRecordAddress;
  property: RentersRecordAddress;
  interestedParty: { address: RentersRecordAddress; name: string } | null;
  // By the event's insuredId; each shows as its number (1 for the policy's first ever added, never reused).
  insureds: Map<string, RentersAdditionalInsured>;
  insuredsAdded: number;
  paymentMethod: { type: 'card' | 'bank'; last4: string };
  version: number;
}

export function rentersPolicyParts(events: readonly StoredEvent[]): RentersPolicyParts | null {
  const first = events[0];
  if (!first || first.type !== 'renters.policyIssued') return null;
  const issued = first.data as unknown as RentersPolicyIssued;
  const parts: RentersPolicyParts = {
    issued,
    contact: {
      number: text(issued.customer.phone),
      numberType: issued.primaryContact?.numberType ?? 'MOBILE',
      extension: orNull(issued.primaryContact?.extension),
      additionalInfo: orNull(issued.primaryContact?.additionalInfo),
    },
    mailing: address('MAILING', issued.mailingAddress),
    property: address('PROPERTY', issued.propertyAddress),
    interestedParty: issued.interestedParty
      ? { address: address('INTPARTY', issued.interestedParty), name: text(issued.interestedParty.name) }
      : null,
    insureds: new Map(),
    insuredsAdded: 0,
    paymentMethod: { type: issued.payment.method, last4: issued.payment.last4 },
    version: events.at(-1)!.version,
  };
  for (const event of events.slice(1)) {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'renters.contactChanged': {
        const c = data as unknown as RentersContactChanged;
        parts.contact = {
          number: text(c.number),
          numberType: c.numberType,
          extension: orNull(c.extension),
          additionalInfo: orNull(c.additionalInfo),
        };
        break;
      }
      case 'renters.addressChanged': {
        const a = data as unknown as RentersAddressChanged;
        const next = address(a.addressType, a.address);
        if (a.addressType === 'MAILING') parts.mailing = next;
        else if (a.addressType === 'PROPERTY') parts.property = next;
        else parts.interestedParty = { address: next, name: text(a.name) };
        break;
      }
      case 'renters.additionalInsuredAdded': {
        const i = data as unknown as RentersInsuredAdded;
        parts.insuredsAdded += 1;
        parts.insureds.set(i.insuredId, {
          id: parts.insuredsAdded,
          firstName: text(i.firstName),
          lastName: text(i.lastName),
          email: orNull(i.email),
          phone: orNull(i.phone),
        });
        break;
      }
      case 'renters.additionalInsuredRemoved':
        parts.insureds.delete(String(data.insuredId));
        break;
      case 'renters.paymentMethodChanged':
        if ((data.type === 'card' || data.type === 'bank') && typeof data.last4 === 'string')
          parts.paymentMethod = { type: data.type, last4: data.last4 };
        break;
      default:
        break;
    }
  }
  return parts;
}

export async function readRentersPolicy(db: Db | Trx, policyNumber: string): Promise<StoredEvent[]> {
  // readStream only selects, which a Kysely outside a transaction does the same way.
  return readStream(db as Trx, RENTERS_POLICY_STREAM, policyNumber);
}

const ENDED = new Set(['cancelled', 'expired', 'rewritten', 'pendingCancellation']);

export function rentersRecordOf(
  events: readonly StoredEvent[],
  matterIds: readonly number[],
  today: string,
  // The next bill its billing schedules; undefined for a policy billed before ledgers (the next bill).
  billed?: NextBill | null,
): RentersPolicyRecord | null {
  const parts = rentersPolicyParts(events);
  if (!parts) return null;
  const { issued } = parts;
  const statusEvents = events.map(rentersPolicyStatusEvent);
  const facts = rentersPolicyFacts(statusEvents);
  const { state } = rentersStatusOn(facts, today);
  const flags = rentersRecordFlags(statusEvents, today);
  const coverage = issued.coverage as RentersCoverageInput;
  const term = facts.term;
  // No bill is coming once the policy has ended or is set to end.
  const nextBill = ENDED.has(state) ? null : billed === undefined ? issued.nextBill : billed;
  const nonRenew = isNonRenewing(facts.logged) || facts.nonRenewEffectiveDate !== null;
  const reasons = rentersEndingReasons(events);
  return {
    id: issued.matterId,
    ...flags,
    unconfirmedAddresses: facts.unconfirmedAddresses,
    additionalInsureds: [...parts.insureds.values()],
    matterIds: [...new Set([...matterIds, issued.matterId])].sort((a, b) => a - b),
    summary: {
      policyNumber: issued.policyNumber,
      statusCode: statusCodeOf(state) ?? 'ACTIVE',
      inceptionDate: issued.effectiveDate,
      effectiveDate: facts.term?.effectiveDate ?? issued.effectiveDate,
      expirationDate: facts.term?.expirationDate ?? issued.expirationDate,
      termInterval: issued.termInterval,
      termPremium: dollars(termPremiumCents(events, issued)),
      upcomingPaymentDate: nextBill?.dueDate ?? null,
      upcomingPaymentAmount: nextBill ? dollars(nextBill.amountCents) : null,
      nonRenew,
      nonRenewEffectiveDate: facts.nonRenewEffectiveDate,
    },
    policyholder: {
      customerId: issued.customerId,
      firstName: text(issued.customer.firstName),
      lastName: text(issued.customer.lastName),
      emailAddress: text(issued.customer.email),
      // No welcome e-mail is sent for renters policies yet.
      welcomeEmailSentAt: null,
      primaryContact: {
        typeCode: 'PRIMARY',
        ...parts.contact,
        additionalInfo: parts.contact.additionalInfo ?? null,
      },
      mailingAddress: parts.mailing,
    },
    property: {
      address: parts.property,
      interestedPartyAddress: parts.interestedParty?.address ?? null,
      interestedPartyName: parts.interestedParty?.name ?? null,
    },
    coverage: {
      contents: {
        amount: dollars(coverage.contents.amount),
        additionalLivingExpense: dollars(coverage.contents.additional_living_expense),
        deductible: dollars(coverage.contents.deductible_amount),
      },
      liability: {
        amount: dollars(coverage.liability.amount),
        medicalPayments: dollars(coverage.liability.medical_payments_amount),
        damageToPropertyOfOthers: dollars(coverage.liability.damage_to_property_of_others_amount),
      },
      optional: {
        theft: coverage.optional.include_theft,
        replacementCost: coverage.optional.include_replacement_cost,
      },
    },
    policyVersion: parts.version,
    machineState: state,
    rewriteOf: issued.rewriteOf,
    rewrittenAs: facts.rewrittenAs,
    cancellationDate: facts.cancelDate,
    cancellationReason: endingReason(reasons.cancellation),
    nonRenewReason: nonRenew ? endingReason(reasons.nonRenewal) : null,
    paymentMethod: parts.paymentMethod,
    renewalOffer: state === 'active' && term ? renewalOfferOf(events, term.expirationDate) : null,
  };
}

const endingReason = (reason: RentersCancellationReason | null): RentersPolicyRecord['cancellationReason'] =>
  reason && (reason.scope === 'cancel' || reason.scope === 'discontinue')
    ? { code: reason.code, name: reason.name, scope: reason.scope }
    : null;

// The latest term's premium (a renewal is priced anew) and the offer made for the next term, if any.
function termPremiumCents(events: readonly StoredEvent[], issued: RentersPolicyIssued): number {
  const renewed = events.findLast((e) => e.type === 'renters.renewed')?.data.termPremiumCents;
  return typeof renewed === 'number' ? renewed : issued.termPremiumCents;
}

function renewalOfferOf(
  events: readonly StoredEvent[],
  expirationDate: string,
): RentersPolicyRecord['renewalOffer'] {
  const offer = events.findLast(
    (e) => e.type === 'renters.renewalOffered' && e.data.effectiveDate === expirationDate,
  )?.data;
  if (!offer || typeof offer.termPremiumCents !== 'number') return null;
  return {
    effectiveDate: String(offer.effectiveDate),
    expirationDate: String(offer.expirationDate),
    termPremium: dollars(offer.termPremiumCents),
    total: dollars(typeof offer.totalCents === 'number' ? offer.totalCents : Number(offer.amountCents)),
  };
}

// The next bill as billing schedules it (the caller reads billing's upcoming bill).
export interface NextBill {
  dueDate: string;
  amountCents: number;
}

// The record of a policy the caller may see (the scope check is the caller's: requireRentersPolicy), with the
// next bill its billing schedules (undefined for a policy billed before ledgers).
export async function loadRentersPolicyRecord(
  db: Db | Trx,
  ref: RentersPolicyRef,
  today: string,
  billed: NextBill | null | undefined,
): Promise<RentersPolicyRecord> {
  const events = await readRentersPolicy(db, ref.policyNumber);
  const siblings = await db
    .selectFrom('renters_policies')
    .select('matter_id')
    .where('customer_id', '=', ref.customerId)
    .execute();
  const record = rentersRecordOf(
    events,
    siblings.map((s) => s.matter_id),
    today,
    billed,
  );
  // The read row exists only once the issue event was projected, so the stream cannot be empty here.
  if (!record) throw new Error(`Renters policy ${ref.policyNumber} has no issue event`);
  // The sale's name and e-mail, unless staff changed the customer's since (`customer.edited`, POST
  // /v2/renters/customers/{customerId}): then the latest change's.
  const names = await namesEditedAfter(db, ref.customerId, events[0]!.position);
  if (!names) return record;
  return {
    ...record,
    policyholder: {
      ...record.policyholder,
      firstName: text(names.firstName),
      lastName: text(names.lastName),
      emailAddress: text(names.email),
    },
  };
}
