import type { ContactFields, LocationFields } from '../domain/entities/entityDetailEvents';

// Demo details of the demo agencies (README "Demo logins"): offices and the people at them, settings,
// quote sources, discount states and underwriting questions. Phone numbers are in the fictional 555-01xx
// range and e-mail domains end in .example.
export interface DemoEntityDetails {
  entityCode: string;
  accountManagerEmail?: string;
  routingNumber?: string;
  locations: (LocationFields & { contacts: ContactFields[] })[];
  // Attribute id → value (delimited lists joined with commas).
  settings?: Record<number, string>;
  quoteSources?: { code: string; name: string; isEnabled: boolean }[];
  discountStates?: string[];
  underwritingQuestionIds?: number[];
}

const office = (
  locType: string,
  name: string,
  address1: string,
  city: string,
  stateCode: string,
  zip: string,
  contacts: ContactFields[] = [],
  address2: string | null = null,
): LocationFields & { contacts: ContactFields[] } => ({
  locType,
  name,
  address1,
  address2,
  city,
  stateCode,
  zip,
  isEnabled: true,
  contacts,
});

const person = (
  name: string,
  phone: string | null,
  email: string | null,
  extension: string | null = null,
  notes: string | null = null,
): ContactFields => ({ name, phone, extension, email, notes });

const DEFAULT_QUESTIONS = [1, 2, 3, 4, 5, 6, 9];

export const DEMO_ENTITY_DETAILS: readonly DemoEntityDetails[] = [
  {
    entityCode: '1000-0001-HM',
    locations: [
      office(
        'HQ',
        'Harbor Mutual head office',
        '200 Congress Ave',
        'Austin',
        'TX',
        '78701',
        [
          person(
            'Agency Services Desk',
            '5125550180',
            'agency.services@harbormutual.example',
            null,
            'Weekdays 8–6 Central',
          ),
          person('Producer Licensing', '5125550181', 'licensing@harbormutual.example'),
        ],
        'Suite 1400',
      ),
    ],
    settings: { 38: 'NPN-10000001', 39: 'TX' },
    underwritingQuestionIds: DEFAULT_QUESTIONS,
  },
  {
    entityCode: '1234-5678-AB',
    accountManagerEmail: 'internal@demo.test',
    routingNumber: '111000025',
    locations: [
      office('HQ', 'Northwind head office', '1100 S Lamar Blvd', 'Austin', 'TX', '78704', [
        person('Casey Nguyen', '5125550103', 'casey@northwindpets.example', null, 'Agency principal'),
        person('Front desk', '5125550110', 'hello@northwindpets.example', '12'),
      ]),
      office('MAILING', 'Northwind mail room', 'PO Box 4410', 'Austin', 'TX', '78765-4410'),
    ],
    settings: {
      29: 'sales,quotes,commission',
      31: 'TX,OK,LA',
      32: '15',
      33: 'ACH',
      34: '30',
      35: 'https://northwindpets.example',
      37: 'Welcome to Northwind Pets — cover for every tail in Texas.',
      38: 'NPN-18475522',
      39: 'TX',
      40: 'EO-2291-448',
      41: '2027-06-30',
      42: 'statements@northwindpets.example,casey@northwindpets.example',
      43: '1',
    },
    quoteSources: [
      { code: 'WEBSITE', name: 'Northwind website quote widget', isEnabled: true },
      { code: 'QUOTE_APP', name: 'Branded quote app', isEnabled: true },
      { code: 'PHONE', name: 'Phone sales line', isEnabled: true },
      { code: 'VET_FLYER', name: 'Vet clinic flyers (2025 campaign)', isEnabled: false },
    ],
    discountStates: ['OK', 'TX'],
    underwritingQuestionIds: DEFAULT_QUESTIONS,
  },
  {
    entityCode: '1234-5678-AC',
    locations: [
      office('HQ', 'Northwind Austin — Hyde Park', '4301 Duval St', 'Austin', 'TX', '78751', [
        person('Sam Patel', '5125550102', 'sam@northwindpets.example'),
      ]),
    ],
  },
  {
    entityCode: '1234-5679-AD',
    locations: [
      office('HQ', 'Northwind Dallas — Deep Ellum', '3000 Commerce St', 'Dallas', 'TX', '75226', [
        person('Dana Whitfield', '2145550120', 'dana@northwindpets.example', null, 'Branch manager'),
      ]),
    ],
  },
  {
    entityCode: '2345-6789-CD',
    accountManagerEmail: 'admin@demo.test',
    routingNumber: '071000013',
    locations: [
      office(
        'HQ',
        'Lakeside head office',
        '410 N Michigan Ave',
        'Chicago',
        'IL',
        '60611',
        [person('Priya Raman', '3125550140', 'priya@lakesiderenters.example', '201')],
        'Floor 9',
      ),
      office('BRANCH', 'Lakeside Evanston', '1603 Orrington Ave', 'Evanston', 'IL', '60201', [
        person('Marcus Bell', '8475550141', null),
      ]),
    ],
    settings: {
      28: '0',
      31: 'IL,WI,IN',
      32: '10',
      38: 'IL-3345129',
      39: 'IL',
      44: '1',
      45: 'Payouts held pending the 2026 licence renewal in Wisconsin.',
    },
    quoteSources: [{ code: 'WEBSITE', name: 'Lakeside renters portal', isEnabled: true }],
    discountStates: ['IL'],
  },
  {
    entityCode: '3456-7890-EF',
    locations: [
      office(
        'HQ',
        'Summit head office',
        '1600 Broadway',
        'Denver',
        'CO',
        '80202',
        [person('Ellen Marsh', '3035550150', 'ellen@summitpartners.example')],
        'Suite 2100',
      ),
    ],
    settings: { 31: 'CO,UT,WY', 32: '12.5', 38: 'NPN-20917734', 39: 'CO' },
  },
  {
    entityCode: '4567-8901-GH',
    locations: [
      office('HQ', 'Paws & Claws clinic', '2233 NW Pettygrove St', 'Portland', 'OR', '97210', [
        person(
          'Dr. Lena Ortiz',
          '5035550160',
          'referrals@pawsandclaws.example',
          null,
          'Refers new puppy and kitten owners',
        ),
      ]),
    ],
    settings: { 38: 'OR-REF-5521' },
  },
  {
    entityCode: '5678-9012-JK',
    routingNumber: '021000021',
    locations: [
      office('HQ', 'Bluebonnet Houston', '909 Texas Ave', 'Houston', 'TX', '77002', [
        person('Ruth Alvarez', '7135550170', 'ruth@bluebonnetins.example'),
      ]),
    ],
    settings: { 31: 'TX', 38: 'NPN-31100482', 39: 'TX' },
    underwritingQuestionIds: [1, 2, 4, 5, 6, 7, 9],
  },
  {
    entityCode: '6789-0123-LM',
    locations: [
      office(
        'HQ',
        'Golden Gate head office',
        '1 Market St',
        'San Francisco',
        'CA',
        '94105',
        [person('Henry Zhao', '4155550190', 'henry@goldengatepets.example')],
        'Spear Tower, 36th floor',
      ),
    ],
    settings: { 28: '1', 31: 'CA,NV', 38: 'CA-0H77412', 39: 'CA' },
    discountStates: ['CA'],
  },
  {
    entityCode: '6789-0124-LN',
    locations: [
      office('HQ', 'Golden Gate San Diego', '600 W Broadway', 'San Diego', 'CA', '92101', [
        person('Mia Torres', '6195550191', 'mia@goldengatepets.example'),
      ]),
    ],
  },
  {
    entityCode: '7890-1234-PQ',
    locations: [
      office('HQ', 'Evergreen Renters Alliance', '1201 3rd Ave', 'Seattle', 'WA', '98101', [
        person('Noah Lindqvist', '2065550175', 'noah@evergreenrenters.example'),
      ]),
    ],
    settings: { 31: 'WA,OR', 38: 'WA-1188273', 39: 'WA' },
  },
  {
    entityCode: '8901-2345-RS',
    locations: [
      office('HQ', 'Magnolia Atlanta', '191 Peachtree St NE', 'Atlanta', 'GA', '30303', [
        person('Grace Holloway', '4045550185', 'grace@magnoliaagency.example'),
      ]),
    ],
    settings: { 31: 'GA,SC,AL', 38: 'NPN-44190023', 39: 'GA' },
  },
];
