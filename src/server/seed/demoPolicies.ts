// Demo pet policies (README "Demo logins"): households of several agencies bought through the real quote
// journey, some with two pets, started some months ago so their claims have a history. E-mail addresses and
// phone numbers are the demo's own, so no test customer ever matches one (the fraud rule compares them).
export interface DemoClaim {
  // How it reached the insurer, the vet's diagnosis, and the conditions by their ailment ids in the claims
  // system's ailment list (docs/pet-claims.md).
  source: 'PORTAL' | 'EMAIL' | 'VET' | 'PHONE';
  diagnosis: string;
  conditions: { ailmentId: number; description: string }[];
  // Treatment from the day of the loss for this many days more (never after the claim is reported).
  treatmentDays: 0 | 1 | 2;
  description: string;
  // Days before today.
  lossDaysAgo: number;
  claimed: number;
  // Where the claim has got to; amounts in dollars.
  outcome:
    | { status: 'SUBMITTED' }
    | { status: 'IN_REVIEW' }
    | { status: 'APPROVED' | 'PAID' | 'CLOSED'; approved: number; payments: number[] }
    | { status: 'DENIED'; reason: string }
    | { status: 'WITHDRAWN'; reason: string };
}

export interface DemoPet {
  name: string;
  species: 'DOG' | 'CAT';
  breedCode: string;
  age: number;
  gender: 'MALE' | 'FEMALE';
  claims?: DemoClaim[];
  notes?: string[];
}

export interface DemoHousehold {
  entityCode: string;
  // Who sells it: the agency's own agent where the demo has one, else the house agent.
  agentEmail: string;
  zip: string;
  // The policies' start, in months before today.
  startedMonthsAgo: number;
  paymentPeriod: 'MONTHLY' | 'ANNUAL';
  // A card given later that declines from the instalment of `fromMonth` (months after the start): the
  // policies lapse for non-payment, and are reinstated when the customer pays late that many days after.
  declines?: { fromMonth: number; paysLateAfterLapseDays?: number };
  customer: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    street: string;
    city: string;
  };
  pets: DemoPet[];
}

const AGENT = 'agent@demo.test';
const HOUSE = 'internal@demo.test';
const person = (firstName: string, lastName: string, phone: string, street: string, city: string) => ({
  firstName,
  lastName,
  email: `${firstName}.${lastName}@pets.example.com`.toLowerCase().replace(/[^a-z.@]/g, ''),
  phone,
  street,
  city,
});

export const DEMO_HOUSEHOLDS: readonly DemoHousehold[] = [
  {
    entityCode: '1234-5678-AC',
    agentEmail: AGENT,
    zip: '78704',
    startedMonthsAgo: 8,
    paymentPeriod: 'MONTHLY',
    customer: person('Maria', 'Gonzalez', '7375550101', '1201 S Lamar Blvd', 'Austin'),
    pets: [
      {
        name: 'Luna',
        species: 'DOG',
        breedCode: 'LABRADOR_RETRIEVER',
        age: 4,
        gender: 'FEMALE',
        claims: [
          {
            source: 'VET',
            diagnosis: 'Bilateral otitis externa with yeast overgrowth',
            conditions: [{ ailmentId: 3104, description: 'Otitis externa' }],
            treatmentDays: 1,
            description: 'Recurring ear infection, both ears; exam, cytology and medicated drops.',
            lossDaysAgo: 150,
            claimed: 420,
            outcome: { status: 'PAID', approved: 336, payments: [336] },
          },
        ],
        notes: ['Customer asked for the declaration to be e-mailed again; sent from the documents tab.'],
      },
      { name: 'Mochi', species: 'CAT', breedCode: 'DOMESTIC_SHORTHAIR', age: 2, gender: 'FEMALE' },
    ],
  },
  {
    entityCode: '1234-5678-AC',
    agentEmail: AGENT,
    zip: '78745',
    startedMonthsAgo: 5,
    paymentPeriod: 'ANNUAL',
    customer: person('James', 'Carter', '7375550102', '4502 Menchaca Rd', 'Austin'),
    pets: [{ name: 'Biscuit', species: 'DOG', breedCode: 'BEAGLE', age: 6, gender: 'MALE' }],
  },
  {
    entityCode: '1234-5678-AC',
    agentEmail: AGENT,
    zip: '78701',
    startedMonthsAgo: 3,
    paymentPeriod: 'MONTHLY',
    customer: person('Priya', 'Shah', '7375550103', '300 W 6th St', 'Austin'),
    pets: [
      {
        name: 'Kiwi',
        species: 'DOG',
        breedCode: 'FRENCH_BULLDOG',
        age: 1,
        gender: 'FEMALE',
        claims: [
          {
            source: 'PORTAL',
            diagnosis: 'Acute gastroenteritis with mild dehydration',
            conditions: [
              { ailmentId: 2210, description: 'Gastroenteritis' },
              { ailmentId: 2231, description: 'Dehydration' },
            ],
            treatmentDays: 1,
            description: 'Vomiting for two days; exam, bloodwork and subcutaneous fluids.',
            lossDaysAgo: 6,
            claimed: 265.4,
            outcome: { status: 'SUBMITTED' },
          },
        ],
      },
      { name: 'Sushi', species: 'CAT', breedCode: 'ABYSSINIAN', age: 1, gender: 'MALE' },
    ],
  },
  {
    entityCode: '1234-5679-AD',
    agentEmail: HOUSE,
    zip: '75201',
    startedMonthsAgo: 10,
    paymentPeriod: 'MONTHLY',
    customer: person('Robert', 'Kim', '2145550104', '2200 Ross Ave', 'Dallas'),
    pets: [
      {
        name: 'Duke',
        species: 'DOG',
        breedCode: 'GOLDEN_RETRIEVER',
        age: 7,
        gender: 'MALE',
        claims: [
          {
            source: 'VET',
            diagnosis: 'Complete rupture of the right cranial cruciate ligament',
            conditions: [{ ailmentId: 4420, description: 'Cranial cruciate ligament rupture' }],
            treatmentDays: 0,
            description: 'Lame on the right hind leg after a run; TPLO surgery recommended.',
            lossDaysAgo: 21,
            claimed: 3850,
            outcome: { status: 'IN_REVIEW' },
          },
        ],
        notes: ['Vet records for the last 12 months requested from Uptown Animal Hospital.'],
      },
      {
        name: 'Daisy',
        species: 'DOG',
        breedCode: 'POODLE_MINIATURE',
        age: 3,
        gender: 'FEMALE',
        claims: [
          {
            source: 'EMAIL',
            diagnosis: 'Atopic (allergic) dermatitis with secondary hot spots',
            conditions: [{ ailmentId: 1502, description: 'Allergic dermatitis' }],
            treatmentDays: 2,
            description: 'Itching and hot spots; cytology, steroid injection and medicated shampoo.',
            lossDaysAgo: 240,
            claimed: 310,
            outcome: { status: 'CLOSED', approved: 248, payments: [248] },
          },
        ],
      },
    ],
  },
  {
    entityCode: '1234-5679-AD',
    agentEmail: HOUSE,
    zip: '75204',
    startedMonthsAgo: 2,
    paymentPeriod: 'ANNUAL',
    customer: person('Emily', 'Johnson', '2145550105', '3811 McKinney Ave', 'Dallas'),
    pets: [
      {
        name: 'Oliver',
        species: 'CAT',
        breedCode: 'MAINE_COON',
        age: 5,
        gender: 'MALE',
        claims: [
          {
            source: 'PHONE',
            diagnosis: 'Bacterial cystitis (lower urinary tract infection)',
            conditions: [{ ailmentId: 5310, description: 'Urinary tract infection' }],
            treatmentDays: 1,
            description: 'Straining to urinate; urinalysis and antibiotics.',
            lossDaysAgo: 30,
            claimed: 228.75,
            outcome: { status: 'WITHDRAWN', reason: 'Withdrawn by the policyholder.' },
          },
        ],
      },
    ],
  },
  {
    entityCode: '2345-6789-CD',
    agentEmail: HOUSE,
    zip: '60601',
    startedMonthsAgo: 6,
    paymentPeriod: 'MONTHLY',
    customer: person('Aisha', 'Williams', '3125550106', '155 N Wacker Dr', 'Chicago'),
    pets: [
      {
        name: 'Bella',
        species: 'DOG',
        breedCode: 'SIBERIAN_HUSKY',
        age: 2,
        gender: 'FEMALE',
        claims: [
          {
            source: 'VET',
            diagnosis: 'Gastric foreign body (toy fragment)',
            conditions: [{ ailmentId: 2275, description: 'Foreign body ingestion' }],
            treatmentDays: 1,
            description: 'Swallowed part of a toy; endoscopic removal under anaesthesia.',
            lossDaysAgo: 45,
            claimed: 1780,
            outcome: { status: 'APPROVED', approved: 1620, payments: [] },
          },
        ],
      },
    ],
  },
  {
    entityCode: '2345-6789-CD',
    agentEmail: HOUSE,
    zip: '60614',
    startedMonthsAgo: 9,
    paymentPeriod: 'MONTHLY',
    customer: person('Tom', 'Becker', '3125550107', '2300 N Lincoln Park W', 'Chicago'),
    pets: [
      {
        name: 'Milo',
        species: 'DOG',
        breedCode: 'DACHSHUND',
        age: 8,
        gender: 'MALE',
        claims: [
          {
            source: 'VET',
            diagnosis: 'Thoracolumbar intervertebral disc extrusion (Hansen type I)',
            conditions: [{ ailmentId: 4610, description: 'Intervertebral disc disease' }],
            treatmentDays: 2,
            description: 'Sudden back pain and weak hind legs; MRI and hemilaminectomy.',
            lossDaysAgo: 90,
            claimed: 2400,
            outcome: { status: 'APPROVED', approved: 2100, payments: [1000] },
          },
        ],
        notes: ['Second payment waits for the surgeon’s discharge report.'],
      },
      { name: 'Cleo', species: 'CAT', breedCode: 'SIAMESE', age: 4, gender: 'FEMALE' },
    ],
  },
  {
    entityCode: '3456-7890-EF',
    agentEmail: HOUSE,
    zip: '30303',
    startedMonthsAgo: 4,
    paymentPeriod: 'ANNUAL',
    customer: person('Grace', 'Lee', '4045550108', '191 Peachtree St NE', 'Atlanta'),
    pets: [
      {
        name: 'Rocky',
        species: 'DOG',
        breedCode: 'BOXER',
        age: 5,
        gender: 'MALE',
        claims: [
          {
            source: 'EMAIL',
            diagnosis: 'Grade II cutaneous mast cell tumor, left flank',
            conditions: [
              { ailmentId: 6120, description: 'Mast cell tumor' },
              { ailmentId: 1640, description: 'Skin mass' },
            ],
            treatmentDays: 2,
            description: 'Mass on the left flank; excision with margins and histopathology.',
            lossDaysAgo: 80,
            claimed: 4200,
            outcome: { status: 'PAID', approved: 3600, payments: [2000, 1600] },
          },
        ],
      },
    ],
  },
  {
    entityCode: '3456-7890-EF',
    agentEmail: HOUSE,
    zip: '27601',
    startedMonthsAgo: 7,
    paymentPeriod: 'MONTHLY',
    customer: person('Daniel', 'Nguyen', '9195550109', '421 Fayetteville St', 'Raleigh'),
    pets: [
      {
        name: 'Nala',
        species: 'CAT',
        breedCode: 'BENGAL',
        age: 3,
        gender: 'FEMALE',
        claims: [
          {
            source: 'PORTAL',
            diagnosis: 'Feline upper respiratory infection',
            conditions: [{ ailmentId: 3350, description: 'Upper respiratory infection' }],
            treatmentDays: 0,
            description: 'Sneezing and nasal discharge; exam and antibiotics.',
            lossDaysAgo: 120,
            claimed: 185,
            outcome: { status: 'PAID', approved: 148, payments: [148] },
          },
        ],
      },
    ],
  },
  {
    entityCode: '5678-9012-JK',
    agentEmail: HOUSE,
    zip: '78205',
    startedMonthsAgo: 11,
    paymentPeriod: 'MONTHLY',
    // Never paid again: lapsed for non-payment, and the reinstatement window closed.
    declines: { fromMonth: 6 },
    customer: person('Sofia', 'Martinez', '2105550110', '100 Alamo Plaza', 'San Antonio'),
    pets: [
      {
        name: 'Coco',
        species: 'DOG',
        breedCode: 'CHIHUAHUA',
        age: 8,
        gender: 'FEMALE',
        claims: [
          {
            source: 'PHONE',
            diagnosis: 'Stage 3 periodontal disease',
            conditions: [{ ailmentId: 7210, description: 'Periodontal disease' }],
            treatmentDays: 0,
            description: 'Dental cleaning and three extractions.',
            lossDaysAgo: 200,
            claimed: 640,
            outcome: {
              status: 'DENIED',
              reason: 'Dental disease was noted in the records before the policy period (pre-existing).',
            },
          },
        ],
        notes: ['Customer disputes the dental denial; escalated to claims review.'],
      },
      { name: 'Pepper', species: 'DOG', breedCode: 'MIXED_BREED_MEDIUM', age: 1, gender: 'MALE' },
    ],
  },
  {
    entityCode: '5678-9012-JK',
    agentEmail: HOUSE,
    zip: '77002',
    startedMonthsAgo: 1,
    paymentPeriod: 'MONTHLY',
    customer: person('Michael', 'Brown', '7135550111', '901 Bagby St', 'Houston'),
    pets: [{ name: 'Zeus', species: 'DOG', breedCode: 'GERMAN_SHEPHERD_DOG', age: 4, gender: 'MALE' }],
  },
  {
    entityCode: '8901-2345-RS',
    agentEmail: HOUSE,
    zip: '37203',
    // Bought over a year ago: renewed into its second term last month.
    startedMonthsAgo: 13,
    paymentPeriod: 'ANNUAL',
    customer: person('Hannah', 'Davis', '6155550112', '600 Broadway', 'Nashville'),
    pets: [{ name: 'Willow', species: 'CAT', breedCode: 'RAGDOLL', age: 6, gender: 'FEMALE' }],
  },
  {
    entityCode: '6789-0123-LM',
    agentEmail: HOUSE,
    zip: '43215',
    startedMonthsAgo: 3,
    paymentPeriod: 'MONTHLY',
    customer: person('Kevin', 'Obrien', '6145550113', '50 W Broad St', 'Columbus'),
    pets: [
      { name: 'Ace', species: 'DOG', breedCode: 'BORDER_COLLIE', age: 2, gender: 'MALE' },
      { name: 'Simba', species: 'CAT', breedCode: 'DOMESTIC_SHORTHAIR', age: 1, gender: 'MALE' },
    ],
  },
  {
    entityCode: '1234-5678-AB',
    agentEmail: HOUSE,
    zip: '19103',
    startedMonthsAgo: 6,
    paymentPeriod: 'MONTHLY',
    declines: { fromMonth: 3, paysLateAfterLapseDays: 9 },
    customer: person('Laura', 'Chen', '2155550114', '1500 Market St', 'Philadelphia'),
    pets: [
      { name: 'Ruby', species: 'DOG', breedCode: 'CAVALIER_KING_CHARLES_SPANIEL', age: 3, gender: 'FEMALE' },
    ],
  },
];
