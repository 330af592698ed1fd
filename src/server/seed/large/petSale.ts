import type { PolicyCancelled, PolicyIssued } from '../../domain/policies/policyEvents';
import { oneYearAfter } from '../../domain/policies/policyNumbers';
import type { EventMetadata } from '../../store/eventStore';
import { shareOfCharge } from '../../domain/moneyRules/chargeShares';
import { billingStream } from './billing';
import type { Catalogue } from './catalogue';
import { addDays, at, type GeneratedStream } from './generatedStream';
import { customerStream, personIn, petName } from './people';
import type { Random } from './random';

export interface Seller {
  entityId: number;
  entityCode: string;
  userId: number | null;
}

// The numbers a pet sale takes: one customer, and a policy number and matter per pet.
export interface PetSaleIds {
  customerId: number;
  policyNumbers: number[];
  matterIds: number[];
}

const UNDERWRITING_QUESTIONS = ['1', '2', '4', '5', '6', '7', '9'];
const REASONS: PolicyCancelled['reason'][] = [
  'CUSTOMER_REQUEST',
  'CUSTOMER_REQUEST',
  'NON_PAYMENT',
  'PET_DECEASED',
];

// How many pets the sale covers: most households insure one.
export const petsInSale = (random: Random) => (random.chance(0.18) ? 2 : 1);

// One household's pet purchase as the quote journey records it: the quote's six events, the customer, and
// a policy per pet, some with a note, some cancelled months later with the refund the figures give.
export function petSale(
  random: Random,
  catalogue: Catalogue,
  seller: Seller,
  ids: PetSaleIds,
  soldOn: string,
  today: string,
  bookDate: string,
): GeneratedStream[] {
  random.ownedBy(ids.customerId);
  const state = random.pick(catalogue.petStates);
  const person = personIn(random, state, ids.customerId);
  const quoteUuid = random.uuid();
  const startDate = addDays(soldOn, random.int(0, 14));
  const monthly = random.chance(0.7);
  const paymentPeriod = monthly ? 'MONTHLY' : 'ANNUAL';
  const minute = random.int(8 * 60, 19 * 60);
  const when = (step: number) => at(soldOn, minute + step);
  const metadata: EventMetadata = {
    userId: seller.userId,
    entityId: seller.entityId,
    requestId: 'seed:large',
    at: when(10),
  };
  const requestId = random.uuid();
  const paymentToken = `tok_card_${random.uuid()}`;
  const chargeId = `ch_${random.uuid()}`;

  const pets = ids.policyNumbers.map(() => {
    const breed = random.pick(catalogue.breeds);
    const plan = random.pick(catalogue.plans);
    // An annual premium between about $250 and $1,100, by age and plan.
    const age = random.int(0, 12);
    const premiumCents =
      Math.round((25_000 + age * 4_500 + random.int(0, 30_000)) / 100) * 100 + random.int(0, 99);
    return {
      id: random.uuid(),
      name: petName(random),
      species: breed.species,
      breed: breed.code,
      gender: random.chance(0.5) ? 'male' : 'female',
      age,
      plan,
      premiumCents,
    };
  });
  const annualTotal = pets.reduce((sum, p) => sum + p.premiumCents, 0);
  const installment = Math.floor(annualTotal / 12);
  const downpayment = annualTotal - installment * 11;
  const charged = monthly ? downpayment : annualTotal;
  const policyNumbers = ids.policyNumbers.map((n) => `PET-${state}-${String(n).padStart(8, '0')}`);
  const quoted = {
    zip: person.zip,
    city: person.city,
    email: person.email,
    phone: person.phone,
    state,
    street: person.street,
    lastName: person.lastName,
    firstName: person.firstName,
  };

  const quote: GeneratedStream = {
    streamType: 'quote',
    streamId: quoteUuid,
    metadata,
    events: [
      {
        type: 'quote.started',
        data: { entityId: seller.entityId, entityCode: seller.entityCode },
        recordedAt: when(0),
      },
      {
        type: 'quote.petsRated',
        data: {
          pets: pets.map((p) => ({
            id: p.id,
            age: p.age,
            name: p.name,
            breed: p.breed,
            gender: p.gender,
            species: p.species,
          })),
          uuid: quoteUuid,
          customer: quoted,
          startDate,
        },
        recordedAt: when(2),
      },
      {
        type: 'quote.underwritingAnswered',
        data: {
          answers: Object.fromEntries(
            pets.map((p) => [p.id, Object.fromEntries(UNDERWRITING_QUESTIONS.map((q) => [q, false]))]),
          ),
          declinedPetIds: [],
        },
        recordedAt: when(4),
      },
      {
        type: 'quote.coverageChosen',
        data: {
          plans: Object.fromEntries(
            pets.map((p) => [
              p.id,
              {
                planCode: p.plan.code,
                wellnessLevel: null,
                deductibleCents: p.plan.deductibleCents,
                reimbursementPercent: p.plan.reimbursement,
              },
            ]),
          ),
          totals: {
            annualTotal,
            monthlyTotal: installment * 11 + downpayment,
            monthlyDownpayment: downpayment,
            monthlyInstallment: installment,
          },
          ratedOn: startDate,
          premiums: Object.fromEntries(
            pets.map((p) => {
              const petInstallment = Math.floor(p.premiumCents / 12);
              return [
                p.id,
                {
                  examFee: false,
                  downpaymentCents: p.premiumCents - petInstallment * 11,
                  totalPremiumCents: p.premiumCents,
                  monthlyPremiumCents: petInstallment,
                },
              ];
            }),
          ),
          discountCode: null,
        },
        recordedAt: when(6),
      },
      {
        type: 'quote.checkoutSubmitted',
        data: {
          payment: { last4: '4242', token: paymentToken, method: 'card' },
          customer: { ...quoted, street2: null },
          requestId,
          amountCents: charged,
          paymentPeriod,
          termsAccepted: true,
          electronicDeliveryConsent: true,
        },
        recordedAt: when(9),
      },
      {
        type: 'quote.purchaseSucceeded',
        data: {
          last4: '4242',
          method: 'card',
          chargeId,
          requestId,
          customerId: ids.customerId,
          amountCents: charged,
          paymentPeriod,
          policyNumbers,
        },
        recordedAt: when(10),
      },
    ],
  };

  const purchased = when(10);
  const purchaseMetadata = { ...metadata, idempotencyKey: requestId };
  const customer = customerStream(
    { id: ids.customerId, entityId: seller.entityId, quoteUuid, addressLine2: null },
    person,
    purchaseMetadata,
    purchased,
  );

  const cancelled: ({ day: string; at: Date } | null)[] = [];
  const policies = pets.map((pet, i): GeneratedStream => {
    const issued: PolicyIssued = {
      policyNumber: policyNumbers[i]!,
      matterId: ids.matterIds[i]!,
      quoteUuid,
      entityId: seller.entityId,
      customerId: ids.customerId,
      pet: {
        id: pet.id,
        name: pet.name,
        species: pet.species,
        breed: pet.breed,
        gender: pet.gender,
        ageAtInception: pet.age,
      },
      planCode: pet.plan.code,
      annualCoverageCents: pet.plan.limitCents,
      deductibleCents: pet.plan.deductibleCents,
      reimbursement: pet.plan.reimbursement,
      examFee: false,
      wellnessCode: null,
      premiumCents: pet.premiumCents,
      state,
      purchaseDate: soldOn,
      effectiveDate: startDate,
      expirationDate: oneYearAfter(startDate),
      termType: 'ANNUAL',
      paymentPeriod,
      initialPaymentSuccessful: true,
    };
    const events: GeneratedStream['events'] = [
      { type: 'policy.issued', data: { ...issued }, recordedAt: purchased },
    ];
    if (random.chance(0.15)) {
      const noteDay = addDays(soldOn, random.int(1, 60));
      if (noteDay < today) {
        events.push({
          type: 'policy.noteAdded',
          data: {
            noteId: random.uuid(),
            note: `Called the customer about ${pet.name}'s coverage; no change wanted.`,
          },
          recordedAt: at(noteDay, random.int(9 * 60, 17 * 60)),
        });
      }
    }
    const cancelDay = addDays(startDate, random.int(30, 300));
    if (random.chance(0.08) && cancelDay < today && cancelDay < issued.expirationDate) {
      events.push({
        type: 'policy.cancelled',
        data: { ...cancellation(issued, cancelDay, random) },
        recordedAt: at(cancelDay, 600),
      });
      cancelled.push({ day: cancelDay, at: at(cancelDay, 600) });
    } else {
      cancelled.push(null);
    }
    return { streamType: 'policy', streamId: issued.policyNumber, metadata: purchaseMetadata, events };
  });

  // Each policy's billing as the purchase opened it (sellPetPolicies): the first instalment is
  // its share of the charge (weighed by the pets' down payments, or premiums when paid in full), the monthly
  // ones its share of the quote's monthly payment (weighed by premiums).
  const weights = pets.map((p) =>
    monthly ? p.premiumCents - Math.floor(p.premiumCents / 12) * 11 : p.premiumCents,
  );
  const premiums = pets.map((p) => p.premiumCents);
  const billing = pets.map((_, i) => {
    const stream = billingStream(
      random,
      {
        line: 'pet',
        policyNumber: policyNumbers[i]!,
        entityId: seller.entityId,
        customerId: ids.customerId,
        plan: monthly ? 'monthly' : 'annual',
        effectiveDate: startDate,
        expirationDate: oneYearAfter(startDate),
        payment: { token: paymentToken, method: 'card', last4: '4242' },
        holder: `${person.firstName} ${person.lastName}`,
        firstCents: shareOfCharge(charged, weights, i),
        monthlyCents: shareOfCharge(installment, premiums, i),
        chargeId,
        soldOn,
        purchased,
        metadata: purchaseMetadata,
        cancelledOn: cancelled[i] ?? null,
      },
      bookDate,
    );
    // One card paid for every pet of the sale: tokenized once.
    return i === 0 ? stream : { ...stream, tokens: [] };
  });

  return [quote, customer, ...policies, ...billing];
}

// A cancellation on `day`, effective that day, with the refund of the premium paid beyond the days in force.
function cancellation(policy: PolicyIssued, day: string, random: Random): PolicyCancelled {
  const termDays = 365;
  const daysInForce = Math.round((Date.parse(day) - Date.parse(policy.effectiveDate)) / 86_400_000);
  const earnedPremiumCents = Math.round((policy.premiumCents * daysInForce) / termDays);
  const monthsPaid = Math.min(12, Math.ceil(daysInForce / 30.4));
  const paidCents =
    policy.paymentPeriod === 'ANNUAL'
      ? policy.premiumCents
      : Math.round((policy.premiumCents * monthsPaid) / 12);
  return {
    requestedDate: day,
    cancelEffectiveDate: day,
    committedOn: day,
    reason: random.pick(REASONS),
    note: null,
    flatCancel: false,
    immediate: true,
    daysInForce,
    termDays,
    annualPremiumCents: policy.premiumCents,
    earnedPremiumCents,
    paidCents,
    refundCents: Math.max(0, paidCents - earnedPremiumCents),
  };
}
