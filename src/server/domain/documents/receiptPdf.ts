import { sql } from 'kysely';
import type { Db } from '../../store/db';
import { PdfDocument } from './pdfDocument';
import { money, pdfDay, pdfTime } from './pdfText';

// GET /v2/downloadReceipt: the payment receipt of the purchase that issued a policy — the policyholder,
// every policy the payment bought, what was charged, how (method and last four only) and the processor's
// charge id. Figures are the purchase's own, as its events recorded them (the quotes read table).
const PERIODS: Readonly<Record<string, string>> = {
  MONTHLY: 'Monthly (first of twelve payments)',
  ANNUAL: 'Annual (paid in full)',
};

export async function receiptPdf(db: Db, quoteUuid: string): Promise<Uint8Array> {
  const quote = await db
    .selectFrom('quotes')
    .innerJoin('entities', 'entities.id', 'quotes.entity_id')
    .select([
      'quotes.first_name',
      'quotes.last_name',
      'quotes.email',
      'quotes.phone',
      'quotes.street',
      'quotes.street2',
      'quotes.city',
      'quotes.state',
      'quotes.zip',
      'quotes.purchased_at',
      'quotes.charged_cents',
      'quotes.charge_id',
      'quotes.payment_method',
      'quotes.payment_last4',
      'quotes.payment_period',
      'quotes.customer_id',
      'entities.entity_name',
      'entities.entity_code',
    ])
    .where('quotes.uuid', '=', quoteUuid)
    .executeTakeFirstOrThrow();
  const policies = await db
    .selectFrom('policies')
    .select(['policy_number', 'pet_name', 'plan_code', 'annual_premium_cents'])
    .select(sql<string>`to_char(effective_date, 'YYYY-MM-DD')`.as('effective_day'))
    .select(sql<string>`to_char(expiration_date, 'YYYY-MM-DD')`.as('expiration_day'))
    .where('quote_uuid', '=', quoteUuid)
    .orderBy('policy_number')
    .execute();

  const name = `${quote.first_name ?? ''} ${quote.last_name ?? ''}`.trim();
  const paidAt = quote.purchased_at ? pdfTime(new Date(quote.purchased_at)) : '';
  const method = quote.payment_method === 'bank' ? 'Bank account' : 'Card';
  const pdf = await PdfDocument.create({
    title: `Payment receipt ${policies[0]?.policy_number ?? ''}`.trim(),
    subject: 'Pet insurance payment receipt',
    author: 'Harbor Mutual Insurance Services',
    footer: `Receipt for ${name} - charge ${quote.charge_id ?? ''}`,
  });
  pdf.title('Payment receipt');
  pdf.subtitle(`Pet insurance bought through ${quote.entity_name} (${quote.entity_code})`);
  pdf.heading('Policyholder');
  pdf.keyValues([
    ['Name', name],
    ['Customer number', String(quote.customer_id ?? '')],
    ['Address', [quote.street, quote.street2].filter(Boolean).join(', ')],
    ['', `${quote.city ?? ''}, ${quote.state ?? ''} ${quote.zip ?? ''}`],
    ['E-mail', quote.email ?? ''],
    ['Phone', quote.phone ?? ''],
  ]);
  pdf.heading('Payment');
  pdf.keyValues([
    ['Amount charged', money((quote.charged_cents ?? 0) / 100)],
    ['Paid on', paidAt],
    ['Payment method', `${method} ending in ${quote.payment_last4 ?? ''}`],
    ['Payment plan', PERIODS[quote.payment_period ?? ''] ?? ''],
    ['Charge id', quote.charge_id ?? ''],
  ]);
  pdf.heading('Policies');
  pdf.table({
    columns: [
      { header: 'Policy number', width: 110 },
      { header: 'Pet' },
      { header: 'Plan', width: 70 },
      { header: 'Term', width: 130 },
      { header: 'Annual premium', width: 90, align: 'right' },
    ],
    rows: policies.map((p) => [
      p.policy_number,
      p.pet_name,
      p.plan_code,
      `${pdfDay(p.effective_day)} to ${pdfDay(p.expiration_day)}`,
      money(p.annual_premium_cents / 100),
    ]),
  });
  pdf.paragraph('Keep this receipt for your records. Your policy documents are sent by e-mail.');
  return pdf.finish();
}
