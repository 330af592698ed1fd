import type { PetQuoteEvent } from '../../src/machines/petQuoteJourney';
import type {
  PaymentDetails,
  PlanChoice,
  QuoteCustomer,
  QuotePet,
  RatedPet,
} from '../../src/machines/petQuoteContext';

// Sample facts of one pet quote, shared by the journey's model test and its given/when/then tests.
export const QUOTE_UUID = '0b5c6c1e-8d5e-4f0e-9a43-6b4b1c2d3e4f';

export const customer: QuoteCustomer = {
  firstName: 'Casey',
  lastName: 'Customer',
  email: 'casey@example.test',
  phone: '5125550100',
  street: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};

// Three pets, so one declined pet can be removed while another is still declined.
export const rex: RatedPet = {
  id: 'pet-rex',
  name: 'Rex',
  species: 'dog',
  breed: 'LAB',
  age: 3,
  gender: 'male',
};
export const tom: RatedPet = {
  id: 'pet-tom',
  name: 'Tom',
  species: 'cat',
  breed: 'DSH',
  age: 9,
  gender: 'male',
};
export const bella: RatedPet = {
  id: 'pet-bella',
  name: 'Bella',
  species: 'dog',
  breed: 'BEAGLE',
  age: 1,
  gender: 'female',
};
export const PETS = [rex, tom, bella];

export const plan: PlanChoice = {
  planCode: 'ACC_ILL_5000',
  deductibleCents: 25_000,
  reimbursementPercent: 80,
  wellnessLevel: null,
};

export const card: PaymentDetails = { method: 'card', token: 'tok_card_1', last4: '4242' };
export const bank: PaymentDetails = { method: 'bank', token: 'tok_bank_1', last4: '6789' };

const clear = { q1: false, q2: false };
const ruledOut = { q1: true, q2: false };

export function answered(
  declined: RatedPet[],
): Extract<PetQuoteEvent, { type: 'quote.underwritingAnswered' }> {
  const ids = declined.map((p) => p.id);
  return {
    type: 'quote.underwritingAnswered',
    answers: Object.fromEntries(PETS.map((p) => [p.id, ids.includes(p.id) ? ruledOut : clear])),
    declinedPetIds: ids,
  };
}

export function plansFor(pets: readonly { id: string }[]): PetQuoteEvent {
  return { type: 'quote.coverageChosen', plans: Object.fromEntries(pets.map((p) => [p.id, plan])) };
}

// A saved quote as GET quote/{uuid} gives it back, at the step it had reached.
export function savedPets(step: 'rated' | 'answered' | 'planned'): QuotePet[] {
  return PETS.map((p) => ({
    ...p,
    answers: step === 'rated' ? null : clear,
    declined: false,
    plan: step === 'planned' ? plan : null,
  }));
}

export const started: PetQuoteEvent = { type: 'quote.started', entityCode: '1000-0001-AB' };
export const rated: Extract<PetQuoteEvent, { type: 'quote.petsRated' }> = {
  type: 'quote.petsRated',
  uuid: QUOTE_UUID,
  customer,
  pets: PETS,
};
export const submitted: Extract<PetQuoteEvent, { type: 'quote.checkoutSubmitted' }> = {
  type: 'quote.checkoutSubmitted',
  payment: card,
  electronicDeliveryConsent: true,
  termsAccepted: true,
};
export const purchased: PetQuoteEvent = {
  type: 'quote.purchaseSucceeded',
  policyNumbers: ['PP-100', 'PP-101', 'PP-102'],
};
export const back: PetQuoteEvent = { type: 'quote.back' };

// The log of a quote that went straight through to purchase.
export const HAPPY_LOG: PetQuoteEvent[] = [
  started,
  rated,
  answered([]),
  plansFor(PETS),
  submitted,
  purchased,
];
