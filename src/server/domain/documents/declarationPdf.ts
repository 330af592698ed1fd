import { sql } from 'kysely';
import type { Db } from '../../store/db';
import { PdfDocument } from './pdfDocument';
import { money, pdfDay } from './pdfText';

// The policy declaration, generated when a pet policy is issued and kept with the policy's documents:
// who is insured, the pet, the term, the coverage chosen and its premium — the figures of policy.issued as
// the policies read table holds them (written in the same transaction, so it is there when this runs).
const PERIODS: Readonly<Record<string, string>> = {
  MONTHLY: 'Monthly (twelve payments)',
  ANNUAL: 'Annual (paid in full)',
};

export async function declarationPdf(db: Db, policyNumber: string): Promise<Uint8Array> {
  const p = await db
    .selectFrom('policies')
    .innerJoin('customers', 'customers.id', 'policies.customer_id')
    .innerJoin('entities', 'entities.id', 'policies.entity_id')
    .leftJoin('pet_plans', 'pet_plans.plan_code', 'policies.plan_code')
    .leftJoin('breeds', 'breeds.code', 'policies.breed')
    .select([
      'policies.policy_number',
      'policies.matter_id',
      'policies.pet_name',
      'policies.species',
      'policies.gender',
      'policies.age_at_inception',
      'policies.plan_code',
      'policies.state',
      'policies.deductible_cents',
      'policies.reimbursement',
      'policies.annual_coverage_cents',
      'policies.exam_fee',
      'policies.wellness_code',
      'policies.annual_premium_cents',
      'policies.payment_period',
      'customers.first_name',
      'customers.last_name',
      'customers.address_line_1',
      'customers.address_line_2',
      'customers.city',
      'customers.state as customer_state',
      'customers.zip',
      'customers.email',
      'entities.entity_name',
      'entities.entity_code',
      'pet_plans.plan_desc',
      'breeds.name as breed_name',
    ])
    .select(sql<string>`to_char(policies.effective_date, 'YYYY-MM-DD')`.as('effective_day'))
    .select(sql<string>`to_char(policies.expiration_date, 'YYYY-MM-DD')`.as('expiration_day'))
    .select(sql<string>`to_char(policies.purchase_date, 'YYYY-MM-DD')`.as('purchase_day'))
    .where('policies.policy_number', '=', policyNumber)
    .executeTakeFirstOrThrow();

  const name = `${p.first_name} ${p.last_name}`;
  const pdf = await PdfDocument.create({
    title: `Policy declaration ${p.policy_number}`,
    subject: 'Pet insurance policy declaration',
    author: 'Harbor Mutual Insurance Services',
    footer: `Declaration of policy ${p.policy_number} for ${name}`,
  });
  pdf.title('Policy declaration');
  pdf.subtitle(`Pet insurance policy ${p.policy_number}, through ${p.entity_name} (${p.entity_code})`);
  pdf.heading('Policy');
  pdf.keyValues([
    ['Policy number', p.policy_number],
    ['Matter', String(p.matter_id)],
    ['Policy period', `${pdfDay(p.effective_day)} to ${pdfDay(p.expiration_day)} (12:01 a.m. local time)`],
    ['Issued on', pdfDay(p.purchase_day)],
    ['State filed in', p.state],
    ['Annual premium', money(p.annual_premium_cents / 100)],
    ['Payment plan', PERIODS[p.payment_period] ?? p.payment_period],
  ]);
  pdf.heading('Named insured');
  pdf.keyValues([
    ['Name', name],
    ['Mailing address', [p.address_line_1, p.address_line_2].filter(Boolean).join(', ')],
    ['', `${p.city}, ${p.customer_state} ${p.zip}`],
    ['E-mail', p.email],
  ]);
  pdf.heading('Insured pet');
  pdf.keyValues([
    ['Name', p.pet_name],
    ['Species', p.species === 'cat' || p.species === 'CAT' ? 'Cat' : 'Dog'],
    ['Breed', p.breed_name ?? ''],
    ['Gender', p.gender.toLowerCase() === 'female' ? 'Female' : 'Male'],
    ['Age at inception', `${p.age_at_inception} ${p.age_at_inception === 1 ? 'year' : 'years'}`],
  ]);
  pdf.heading('Coverage');
  pdf.table({
    columns: [{ header: 'Coverage' }, { header: 'Amount', width: 240, align: 'right' }],
    rows: [
      ['Plan', p.plan_desc ? `${p.plan_desc} (${p.plan_code})` : p.plan_code],
      [
        'Annual benefit limit',
        p.annual_coverage_cents === null ? 'Unlimited' : money(p.annual_coverage_cents / 100),
      ],
      ['Annual deductible', money(p.deductible_cents / 100)],
      ['Reimbursement', `${p.reimbursement}%`],
      ['Co-pay', `${100 - p.reimbursement}%`],
      ['Exam fees covered', p.exam_fee ? 'Yes' : 'No'],
      ['Wellness', p.wellness_code ?? 'None'],
    ],
  });
  pdf.paragraph(
    'This declaration forms part of your policy. Conditions that existed before the policy period or ' +
      'during a waiting period are not covered. Keep it with your policy documents.',
  );
  return pdf.finish();
}
