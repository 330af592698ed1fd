import { randomUUID } from 'node:crypto';
import type { QuoteView } from '../../src/api/schemas/quoteCommands';
import type { ResumableStep } from '../../src/machines/petQuoteJourney';
import type { EntityApi } from './entityApi';
import { quoteApi } from './quoteApi';

// The three pets of the journey's browser model: two dogs and a cat, so one declined pet can be removed
// while another is still declined (decision 005).
export const JOURNEY_PETS = [
  {
    id: 'pet-rex',
    name: 'Rex',
    species: 'DOG',
    breedCode: 'BEAGLE',
    breedName: 'Beagle',
    age: 3,
    gender: 'MALE',
  },
  {
    id: 'pet-tom',
    name: 'Tom',
    species: 'CAT',
    breedCode: 'ABYSSINIAN',
    breedName: 'Abyssinian',
    age: 2,
    gender: 'MALE',
  },
  {
    id: 'pet-bella',
    name: 'Bella',
    species: 'DOG',
    breedCode: 'MIXED_BREED_MEDIUM',
    breedName: 'Mixed Breed (Medium)',
    age: 1,
    gender: 'FEMALE',
  },
] as const;

let serial = 0;
// Every quote its own customer: the fraud rule flags an e-mail or phone already used under another name,
// and repeated declines for one e-mail (docs/purchase.md).
export function journeyCustomer(lastName = 'Customer') {
  serial += 1;
  const tag = `${process.pid % 1000}${Date.now() % 100_000}${serial}`.slice(-7).padStart(7, '0');
  return {
    firstName: 'Casey',
    lastName,
    email: `casey.${tag}@example.test`,
    phone: `512${tag}`,
    street: '1 Main St',
    city: 'Austin',
  };
}
export const JOURNEY_ZIP = '78701';

// A card the sandbox charges (docs/payments.md).
const PAYING_CARD = {
  number: '4242 4242 4242 4242',
  expiry: '12/30',
  cvc: '123',
  name: 'Casey Customer',
  zip: '78701',
};

function centralToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
}

// A saved quote of `email`, walked through the API to `step`, for the journey's "resume" transitions.
export async function quoteAtStep(e: EntityApi, email: string, step: ResumableStep): Promise<QuoteView> {
  const q = quoteApi(e);
  const customer = journeyCustomer();
  let quote = await q.create(
    {
      zip: JOURNEY_ZIP,
      startDate: centralToday(),
      customer,
      pets: JOURNEY_PETS.map(({ name, species, breedCode, age, gender }) => ({
        name,
        species,
        breedCode,
        age,
        gender,
      })),
    },
    { email },
  );
  if (step === 'ratingInfo') return q.command('back', { uuid: quote.uuid }, { email });
  if (step === 'underwritingQuestions') return quote;
  quote = await q.command('answerUnderwriting', await q.answers(quote, [], email), { email });
  if (step === 'coverage') return quote;
  quote = await q.command(
    'chooseCoverage',
    { uuid: quote.uuid, pets: quote.pets.map((p) => ({ petId: p.id })) },
    { email },
  );
  if (step === 'checkout') return quote;
  const session = await e.get('/v1/one-inc-session', email);
  const sessionId = (session.body as { data: { session_id: string } }).data.session_id;
  const method = await e.post(`/v1/one-inc-session/${sessionId}/payment-methods`, email, {
    type: 'card',
    card: PAYING_CARD,
  });
  const token = (method.body as { data: { token: string } }).data.token;
  return q.command(
    'purchase',
    {
      uuid: quote.uuid,
      requestId: randomUUID(),
      customer: { ...customer, street2: null },
      electronicDeliveryConsent: true,
      termsAccepted: true,
      paymentPeriod: 'MONTHLY',
      payment: { token },
    },
    { email },
  );
}
