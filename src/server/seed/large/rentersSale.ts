import type { RentersPolicyIssued } from '../../domain/rentersPolicies/rentersPolicyEvents';
import { oneYearAfter, rentersMatterId } from '../../domain/rentersPolicies/rentersPolicyNumbers';
import type { EventMetadata } from '../../store/eventStore';
import type { Catalogue } from './catalogue';
import { addDays, at, type GeneratedStream } from './generatedStream';
import { customerStream, personIn } from './people';
import type { Seller } from './petSale';
import type { Random } from './random';

export interface RentersSaleIds {
  customerId: number;
  policyNumber: number;
}

const CONTENTS = [1_500_000, 2_500_000, 3_500_000, 5_000_000];
const LIABILITY = [10_000_000, 30_000_000, 50_000_000];
const LANDLORDS = [
  'Lakeside Apartments',
  'Parkview Residential',
  'Summit Property Group',
  'Oak Grove Leasing',
];

// One renter's purchase as the renters journey records it: the customer and the issued policy (with the
// first payment), some with a note. The quote's id is the policy's; its journey is not generated.
export function rentersSale(
  random: Random,
  catalogue: Catalogue,
  seller: Seller,
  ids: RentersSaleIds,
  soldOn: string,
  today: string,
): GeneratedStream[] {
  random.ownedBy(ids.customerId);
  const state = random.pick(catalogue.rentersStates);
  const person = personIn(random, state, ids.customerId);
  const quoteId = random.uuid();
  const effectiveDate = addDays(soldOn, random.int(0, 20));
  const expirationDate = oneYearAfter(effectiveDate);
  const monthly = random.chance(0.6);
  const contents = random.pick(CONTENTS);
  const termPremiumCents = Math.round(contents / 100) + random.int(0, 12_000);
  const taxesCents = Math.round(termPremiumCents * 0.016);
  const feesCents = 1_200;
  const totalCents = termPremiumCents + taxesCents + feesCents;
  const installment = Math.floor(totalCents / 12);
  const firstPayment = monthly ? totalCents - installment * 11 : totalCents;
  const minute = random.int(8 * 60, 19 * 60);
  const address = {
    zip: person.zip,
    city: person.city,
    line1: person.street,
    line2: random.chance(0.7) ? `Apt ${random.int(100, 1999)}` : null,
    state,
  };
  const landlord = random.chance(0.5) ? random.pick(LANDLORDS) : null;
  const policyNumber = `RNT-${state}-${String(ids.policyNumber).padStart(8, '0')}`;
  const issued: RentersPolicyIssued = {
    policyNumber,
    matterId: rentersMatterId(policyNumber),
    quoteId,
    entityId: seller.entityId,
    customerId: ids.customerId,
    rewriteOf: null,
    customer: {
      email: person.email,
      phone: person.phone,
      lastName: person.lastName,
      firstName: person.firstName,
    },
    mailingAddress: address,
    propertyAddress: address,
    interestedParty: landlord
      ? {
          name: landlord,
          line1: `${random.int(100, 999)} Commerce Dr`,
          city: person.city,
          state,
          zip: person.zip,
        }
      : null,
    coverage: {
      contents: {
        amount: contents,
        deductible_amount: random.pick([25_000, 50_000, 100_000]),
        is_preferred_property: false,
        additional_living_expense: Math.round(contents * 0.24),
      },
      optional: {
        include_theft: true,
        include_water_damage: random.chance(0.3),
        identity_fraud_amount: 0,
        include_replacement_cost: random.chance(0.6),
        include_wind_hail_exclusion: false,
        enhancement_endorsement_level: 0,
        combined_personal_property_value: 0,
      },
      liability: {
        amount: random.pick(LIABILITY),
        medical_payments_amount: 100_000,
        damage_to_property_of_others_amount: 50_000,
      },
    },
    termInterval: monthly ? 'monthly' : 'annual',
    soldOn,
    effectiveDate,
    expirationDate,
    termPremiumCents,
    taxesCents,
    feesCents,
    totalCents,
    nextBill: monthly ? { dueDate: addDays(effectiveDate, 30), amountCents: installment } : null,
    payment: { method: 'card', last4: '4242', chargeId: `ch_${random.uuid()}`, amountCents: firstPayment },
  };
  const metadata: EventMetadata = {
    userId: seller.userId,
    entityId: seller.entityId,
    requestId: 'seed:large',
  };
  const sold = at(soldOn, minute);
  const policyEvents: GeneratedStream['events'] = [
    { type: 'renters.policyIssued', data: { ...issued }, recordedAt: sold },
  ];
  if (random.chance(0.1)) {
    const noteDay = addDays(soldOn, random.int(1, 45));
    if (noteDay < today) {
      policyEvents.push({
        type: 'renters.noteAdded',
        data: {
          noteId: random.uuid(),
          note: 'Customer asked for proof of insurance for the landlord; sent.',
        },
        recordedAt: at(noteDay, random.int(9 * 60, 17 * 60)),
      });
    }
  }
  return [
    customerStream(
      { id: ids.customerId, entityId: seller.entityId, quoteUuid: quoteId, addressLine2: address.line2 },
      person,
      metadata,
      sold,
    ),
    { streamType: 'renters_policy', streamId: issued.policyNumber, metadata, events: policyEvents },
  ];
}
