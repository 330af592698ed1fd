import type {
  InterestedParty,
  RentersAddress,
  RentersContact,
  RentersPayment,
} from '../../../machines/rentersQuoteContext';
import type { RentersAddressData } from '../../domain/rentersPolicies/rentersPolicyEvents';
import { rentersPolicyEvent } from '../../domain/rentersPolicies/rentersPolicyEvents';
import { oneYearAfter, rentersMatterId } from '../../domain/rentersPolicies/rentersPolicyNumbers';
import { ratedFigures } from '../../domain/rentersPolicies/issueRentersPolicy';
import { ratingCoverage } from '../../domain/rentersQuotes/rentersWire';
import type { EventMetadata } from '../../store/eventStore';
import { billingStream } from './billing';
import type { Catalogue } from './catalogue';
import { addDays, at, type GeneratedStream } from './generatedStream';
import { customerStream, personIn } from './people';
import type { Seller } from './petSale';
import type { Random } from './random';
import {
  chooseRentersCoverage,
  rateRentersCoverage,
  rentersQuoteStream,
  rentersSaleDay,
  rentersTablesOn,
  type RentersJourney,
} from './rentersQuoteJourney';

export interface RentersSaleIds {
  customerId: number;
  policyNumber: number;
}

const LANDLORDS = [
  'Lakeside Apartments',
  'Parkview Residential',
  'Summit Property Group',
  'Oak Grove Leasing',
];

// Cities in each state the renters line sells in, with a ZIP code of the state (the start step refuses
// another state's) and, where the state files one, of a rated territory of its own.
const RENTERS_PLACES: Readonly<Record<string, readonly [string, string][]>> = {
  CA: [
    ['Los Angeles', '90012'],
    ['San Francisco', '94103'],
    ['Sacramento', '95814'],
  ],
  FL: [
    ['Miami', '33130'],
    ['Orlando', '32801'],
    ['Tampa', '33602'],
  ],
  IL: [
    ['Chicago', '60602'],
    ['Springfield', '62701'],
  ],
  KY: [
    ['Louisville', '40202'],
    ['Lexington', '40507'],
  ],
  TX: [
    ['Houston', '77002'],
    ['Dallas', '75201'],
    ['Austin', '78701'],
    ['San Antonio', '78205'],
  ],
};

const policyAddress = (a: RentersAddress): RentersAddressData => ({
  line1: a.line1,
  line2: a.line2,
  city: a.city,
  state: a.stateCode,
  zip: a.zipCode,
});

// One renter's purchase as the renters journey records it: the quote's six events (its coverage rated by the
// renters engine), then the customer and the issued policy with the first payment, at the figures of that
// rating; some policies get a note.
export function rentersSale(
  random: Random,
  catalogue: Catalogue,
  seller: Seller,
  ids: RentersSaleIds,
  plannedOn: string,
  today: string,
  bookDate: string,
): GeneratedStream[] {
  random.ownedBy(ids.customerId);
  const state = random.pick(catalogue.rentersStates);
  const places = RENTERS_PLACES[state];
  const drawn = personIn(random, state, ids.customerId);
  const [city, zip] = places ? random.pick(places) : [drawn.city, drawn.zip];
  const person = { ...drawn, city, zip };
  const soldOn = rentersSaleDay(random, state, plannedOn, today);
  const quoteId = random.uuid();
  const effectiveDate = addDays(soldOn, random.int(0, 20));
  const interval = random.chance(0.6) ? 'monthly' : 'annual';
  const minute = random.int(8 * 60, 19 * 60);
  const when = (step: number) => at(soldOn, minute + step);

  const property: RentersAddress = {
    line1: person.street,
    line2: random.chance(0.7) ? `Apt ${random.int(100, 1999)}` : null,
    city,
    stateCode: state,
    zipCode: zip,
  };
  const landlord = random.chance(0.5) ? random.pick(LANDLORDS) : null;
  const interestedParty: InterestedParty | null =
    landlord === null
      ? null
      : {
          name: landlord,
          address: {
            line1: `${random.int(100, 999)} Commerce Dr`,
            line2: null,
            city,
            stateCode: state,
            zipCode: zip,
          },
        };
  const tables = rentersTablesOn(state, effectiveDate);
  const coverage = chooseRentersCoverage(random, tables.options);
  const rating = rateRentersCoverage(tables, zip, interval, coverage);
  // Most renters get their mail at home; some at a post office box in town.
  const mailing: RentersAddress | null = random.chance(0.1)
    ? { line1: `PO Box ${random.int(100, 9999)}`, line2: null, city, stateCode: state, zipCode: zip }
    : null;
  const contacts: RentersContact[] = [
    {
      typeCode: 'PRIMARY',
      numberType: random.chance(0.8) ? 'MOBILE' : 'HOME',
      number: person.phone,
      extension: null,
    },
  ];
  if (random.chance(0.15)) {
    contacts.push({
      typeCode: 'SECONDARY',
      numberType: 'WORK',
      number: `${random.int(201, 989)}555${random.digits(4)}`,
      extension: random.chance(0.3) ? String(random.int(100, 9999)) : null,
    });
  }
  const bank = random.chance(0.1);
  const payment: RentersPayment = {
    method: bank ? 'bank' : 'card',
    token: `tok_${bank ? 'bank' : 'card'}_${random.uuid()}`,
    last4: bank ? '6789' : '4242',
    billingZipCode: zip,
  };
  const policyNumber = `RNT-${state}-${String(ids.policyNumber).padStart(8, '0')}`;
  const journey: RentersJourney = {
    quoteId,
    seller,
    property,
    effectiveDate,
    interestedParty,
    coverage,
    rating,
    customer: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      mailingAddress: mailing,
    },
    contacts,
    payment,
    requestId: random.uuid(),
    chargeId: `ch_${random.uuid()}`,
    policyNumber,
    matterId: rentersMatterId(policyNumber),
    customerId: ids.customerId,
    steps: {
      property: when(0),
      coverage: when(3),
      customer: when(6),
      payment: when(8),
      submitted: when(9),
      purchased: when(10),
    },
  };

  const metadata: EventMetadata = {
    userId: seller.userId,
    entityId: seller.entityId,
    requestId: 'seed:large',
    at: journey.steps.purchased,
  };
  // The purchase's writes carry its request id as their idempotency key, as the purchase command's do.
  const purchaseMetadata: EventMetadata = { ...metadata, idempotencyKey: journey.requestId };
  const purchased = journey.steps.purchased;
  const mailingAddress = policyAddress(mailing ?? property);
  const issued = rentersPolicyEvent.issued({
    policyNumber,
    matterId: journey.matterId,
    quoteId,
    entityId: seller.entityId,
    customerId: ids.customerId,
    rewriteOf: null,
    customer: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phone: person.phone,
    },
    mailingAddress,
    propertyAddress: policyAddress(property),
    interestedParty: interestedParty && {
      name: interestedParty.name,
      line1: interestedParty.address.line1,
      city: interestedParty.address.city,
      state: interestedParty.address.stateCode,
      zip: interestedParty.address.zipCode,
    },
    coverage: ratingCoverage(coverage),
    termInterval: rating.term_interval,
    soldOn,
    effectiveDate,
    expirationDate: oneYearAfter(effectiveDate),
    ...ratedFigures(rating),
    payment: {
      method: payment.method,
      last4: payment.last4,
      chargeId: journey.chargeId,
      amountCents: rating.schedule[0]?.total ?? rating.total,
    },
  });
  const policyEvents: GeneratedStream['events'] = [{ ...issued, recordedAt: purchased }];
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
  // Its billing as the purchase opened it (openRentersBilling): the first payment as charged, then the
  // rating's next bill each month of a monthly term.
  const nextBill = rating.next_bill?.amount ?? null;
  const billing = billingStream(
    random,
    {
      line: 'renters',
      policyNumber,
      entityId: seller.entityId,
      customerId: ids.customerId,
      plan: rating.term_interval === 'monthly' && nextBill !== null ? 'monthly' : 'annual',
      effectiveDate,
      expirationDate: oneYearAfter(effectiveDate),
      payment: { token: payment.token, method: payment.method, last4: payment.last4 },
      holder: `${person.firstName} ${person.lastName}`,
      firstCents: rating.schedule[0]?.total ?? rating.total,
      monthlyCents: nextBill ?? 0,
      chargeId: journey.chargeId,
      soldOn,
      purchased,
      metadata: purchaseMetadata,
      cancelledOn: null,
    },
    bookDate,
  );
  return [
    rentersQuoteStream(journey, metadata),
    customerStream(
      {
        id: ids.customerId,
        entityId: seller.entityId,
        quoteUuid: quoteId,
        addressLine2: mailingAddress.line2,
      },
      { ...person, street: mailingAddress.line1 },
      purchaseMetadata,
      purchased,
    ),
    {
      streamType: 'renters_policy',
      streamId: policyNumber,
      metadata: purchaseMetadata,
      events: policyEvents,
    },
    billing,
  ];
}
