// What the pet quote journey remembers (SPEC §3 "Quoting (pets)") and the rules each step checks before the
// journey moves on. Plain predicates, so the machine's guards, the server and the screens agree on them.

export type Species = 'dog' | 'cat';
export type PetGender = 'male' | 'female';

// The pet as the rating-info step describes it; the id is the quote pet's uuid.
export interface RatedPet {
  id: string;
  name: string;
  species: Species;
  breed: string;
  age: number;
  gender: PetGender;
}

// Plan options chosen for one pet on the coverage step. Money in integer cents (DESIGN.md).
export interface PlanChoice {
  planCode: string;
  deductibleCents: number;
  reimbursementPercent: number;
  wellnessLevel: string | null;
}

export interface QuotePet extends RatedPet {
  // Boolean per underwriting question id; null until the underwriting step is answered.
  answers: Record<string, boolean> | null;
  // The server decides from each question's decline answer; the journey only records it.
  declined: boolean;
  plan: PlanChoice | null;
}

export interface QuoteCustomer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zip: string;
}

// Only a token and the last four digits ever reach the journey (DESIGN.md, payment adapter).
export interface PaymentDetails {
  method: 'card' | 'bank';
  token: string;
  last4: string;
}

export interface JourneyContext {
  uuid: string | null;
  // The agent entity the quote is made for (SPEC §1: agents may quote on behalf of another entity).
  entityCode: string | null;
  pets: QuotePet[];
  customer: QuoteCustomer | null;
  payment: PaymentDetails | null;
  electronicDeliveryConsent: boolean;
  termsAccepted: boolean;
  fraudWarning: string | null;
  fraudAcknowledged: boolean;
  policyNumbers: string[];
  // Field (or step) → messages, as a 422 answer carries them (SPEC §5).
  errors: Record<string, string[]>;
}

export const EMPTY_JOURNEY: JourneyContext = {
  uuid: null,
  entityCode: null,
  pets: [],
  customer: null,
  payment: null,
  electronicDeliveryConsent: false,
  termsAccepted: false,
  fraudWarning: null,
  fraudAcknowledged: false,
  policyNumbers: [],
  errors: {},
};

const filled = (s: string): boolean => s.trim().length > 0;

export function isRatedPet(pet: RatedPet): boolean {
  return filled(pet.id) && filled(pet.name) && filled(pet.breed) && Number.isInteger(pet.age) && pet.age >= 0;
}

export function isCustomerComplete(c: QuoteCustomer): boolean {
  return filled(c.firstName) && filled(c.lastName) && filled(c.email) && /^\d{5}$/.test(c.zip);
}

// Rating needs a customer with a zip and at least one fully described pet, each id once.
export function isRatingComplete(customer: QuoteCustomer | null, pets: readonly RatedPet[]): boolean {
  const ids = new Set(pets.map((p) => p.id));
  return (
    customer !== null &&
    isCustomerComplete(customer) &&
    pets.length > 0 &&
    ids.size === pets.length &&
    pets.every(isRatedPet)
  );
}

export function everyPetAnswered(pets: readonly QuotePet[]): boolean {
  return pets.length > 0 && pets.every((p) => p.answers !== null);
}

export function readyForCoverage(pets: readonly QuotePet[]): boolean {
  return everyPetAnswered(pets) && pets.every((p) => !p.declined);
}

export function everyPetHasPlan(pets: readonly QuotePet[]): boolean {
  return readyForCoverage(pets) && pets.every((p) => p.plan !== null);
}

export function isPaymentUsable(payment: PaymentDetails): boolean {
  return filled(payment.token) && /^\d{4}$/.test(payment.last4);
}
