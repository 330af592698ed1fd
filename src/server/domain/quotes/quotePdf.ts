import type { QuoteView } from '../../../api/schemas/quoteCommands';
import type { Db } from '../../store/db';
import { quoteView } from './quoteQueries';
import { PdfDocument } from '../documents/pdfDocument';
import { money, pdfDay, pdfTime } from '../documents/pdfText';

// GET /v2/quotes/{uuid}: the quote as the customer reads it — who quotes it, for whom, each pet and the
// plan chosen for it with its premiums, and what is due. The figures are the quote's own (the read tables
// hold what rating answered); reference tables only give names to the codes.

const WHOLE_USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

export const NO_COVERAGE_TEXT = 'Coverage not chosen yet';

const age = (years: number): string =>
  years === 0 ? 'Under 1 year' : `${years} ${years === 1 ? 'year' : 'years'}`;

const titleCase = (word: string): string => word.charAt(0) + word.slice(1).toLowerCase();

interface Names {
  agency: { code: string; name: string };
  breeds: Map<string, string>;
  plans: Map<string, { description: string; limitCents: number | null }>;
  wellness: Map<string, { name: string; monthlyCents: number }>;
}

async function namesFor(db: Db, quote: QuoteView): Promise<Names> {
  const breedCodes = [...new Set(quote.pets.map((p) => p.breed_code))];
  const planCodes = [...new Set(quote.pets.flatMap((p) => (p.plan ? [p.plan.plan_code] : [])))];
  const wellnessCodes = [...new Set(quote.pets.flatMap((p) => p.plan?.wellness_code ?? []))];
  const [entity, breeds, plans, wellness] = await Promise.all([
    db
      .selectFrom('entities')
      .select(['entity_code', 'entity_name'])
      .where('entity_code', '=', quote.entity_code)
      .executeTakeFirst(),
    breedCodes.length
      ? db.selectFrom('breeds').select(['code', 'name']).where('code', 'in', breedCodes).execute()
      : [],
    planCodes.length
      ? db
          .selectFrom('pet_plans')
          .select(['plan_code', 'plan_desc', 'plan_limit_cents'])
          .where('plan_code', 'in', planCodes)
          .execute()
      : [],
    wellnessCodes.length
      ? db
          .selectFrom('wellness_plans')
          .select(['code', 'name', 'monthly_price_cents'])
          .where('code', 'in', wellnessCodes)
          .execute()
      : [],
  ]);
  return {
    agency: { code: quote.entity_code, name: entity?.entity_name ?? quote.entity_code },
    breeds: new Map(breeds.map((b) => [b.code, b.name])),
    plans: new Map(
      plans.map((p) => [p.plan_code, { description: p.plan_desc, limitCents: p.plan_limit_cents }]),
    ),
    wellness: new Map(wellness.map((w) => [w.code, { name: w.name, monthlyCents: w.monthly_price_cents }])),
  };
}

export function customerName(quote: QuoteView): string | null {
  if (!quote.customer) return null;
  return `${quote.customer.first_name} ${quote.customer.last_name}`.trim() || null;
}

function customerRows(quote: QuoteView): [string, string][] {
  const customer = quote.customer;
  if (!customer) return [['Customer', 'Not entered yet']];
  const street = [customer.street, customer.street2].filter(Boolean).join(', ');
  return [
    ['Name', customerName(quote) ?? ''],
    ['Address', `${street}, ${customer.city}, ${customer.state} ${customer.zip}`],
    ['E-mail', customer.email],
    ['Phone', customer.phone.replace(/^(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3')],
  ];
}

function planRows(pet: QuoteView['pets'][number], names: Names): [string, string][] {
  const plan = pet.plan;
  if (!plan) return [];
  const known = names.plans.get(plan.plan_code);
  const limit =
    known === undefined
      ? 'See plan'
      : known.limitCents === null
        ? 'Unlimited'
        : `${WHOLE_USD.format(known.limitCents / 100)} per year`;
  const wellness = plan.wellness_code ? names.wellness.get(plan.wellness_code) : undefined;
  return [
    ['Plan', known?.description ?? plan.plan_code],
    ['Annual limit', limit],
    ['Deductible', money(plan.deductible)],
    ['Reimbursement', `${plan.reimbursement}%`],
    ['Exam fee coverage', plan.exam_fee ? 'Included' : 'Not included'],
    [
      'Wellness',
      plan.wellness_code
        ? `${wellness?.name ?? plan.wellness_code}${wellness ? ` (${money(wellness.monthlyCents / 100)} a month)` : ''}`
        : 'None',
    ],
    ['Monthly premium', money(plan.monthly_premium)],
    ['Annual premium', money(plan.total_premium)],
  ];
}

export async function quotePdf(db: Db, uuid: string): Promise<Uint8Array> {
  const quote = await quoteView(db, uuid);
  const names = await namesFor(db, quote);
  const customer = customerName(quote);
  const agency = `${names.agency.name} (${names.agency.code})`;
  const pdf = await PdfDocument.create({
    title: `Pet insurance quote ${quote.uuid}`,
    subject: customer ? `Pet insurance quote for ${customer}` : 'Pet insurance quote',
    author: names.agency.name,
    keywords: ['pet insurance', 'quote', quote.uuid],
    footer: `Quote ${quote.uuid}`,
    createdAt: new Date(quote.created_at),
  });

  pdf.title('Pet insurance quote');
  pdf.subtitle(customer ? `Prepared for ${customer} by ${agency}` : `Prepared by ${agency}`);
  pdf.keyValues([
    ['Quote', quote.uuid],
    ['Agency', agency],
    ['Created', pdfTime(quote.created_at)],
    ['Coverage starts', pdfDay(quote.start_date)],
    ...(quote.policy_number ? ([['Policy number', quote.policy_number]] as [string, string][]) : []),
  ]);

  pdf.heading('Customer').keyValues(customerRows(quote));

  const chosen = quote.pets.filter((p) => p.plan && !p.declined);
  for (const pet of quote.pets) {
    const breed = names.breeds.get(pet.breed_code) ?? pet.breed_code;
    pdf.heading(pet.name);
    pdf.keyValues([
      ['Pet', `${titleCase(pet.species)}, ${breed}`],
      ['Age', age(pet.age)],
      ['Gender', titleCase(pet.gender)],
      ...(pet.declined
        ? ([['Coverage', 'Not eligible (declined by the underwriting questions)']] as [string, string][])
        : pet.plan
          ? planRows(pet, names)
          : ([['Coverage', NO_COVERAGE_TEXT]] as [string, string][])),
    ]);
  }

  pdf.heading('Premium');
  if (chosen.length === 0) {
    pdf.paragraph(`${NO_COVERAGE_TEXT}. The premium is shown once a plan is chosen for each pet.`);
  } else {
    const monthly = chosen.reduce((sum, p) => sum + Math.round((p.plan?.monthly_premium ?? 0) * 100), 0);
    const annual = chosen.reduce((sum, p) => sum + Math.round((p.plan?.total_premium ?? 0) * 100), 0);
    pdf.table({
      columns: [
        { header: 'Pet' },
        { header: 'Plan' },
        { header: 'Monthly premium', width: 100, align: 'right' },
        { header: 'Annual premium', width: 100, align: 'right' },
      ],
      rows: chosen.map((p) => [
        p.name,
        names.plans.get(p.plan!.plan_code)?.description ?? p.plan!.plan_code,
        money(p.plan!.monthly_premium),
        money(p.plan!.total_premium),
      ]),
      footerRows: [['Total premium', '', money(monthly / 100), money(annual / 100)]],
    });
    if (quote.totals) {
      pdf.paragraph('What is due, with taxes, wellness and fees included:');
      pdf.table({
        columns: [{ header: 'Payment plan' }, { header: 'Amount', width: 120, align: 'right' }],
        rows: [
          ['Monthly: first payment', money(quote.totals.monthly_downpayment)],
          ['Monthly: then eleven payments of', money(quote.totals.monthly_installment)],
          ['Monthly: total for the year', money(quote.totals.monthly_total)],
          ['Paid annually: once', money(quote.totals.annual_total)],
        ],
      });
    }
  }
  pdf.paragraph(
    'This quote is an estimate based on the information given. Coverage begins only once the policy is ' +
      'purchased and issued; prices may change if the details change.',
  );
  return pdf.finish();
}
