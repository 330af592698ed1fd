import { PdfDocument } from '../documents/pdfDocument';
import { money } from '../documents/pdfText';
import type { StoredEvent } from '../../store/eventStore';
import type { RentersPolicyIssued } from './rentersPolicyEvents';

// GET /v2/renters/downloadReceipt: the payment receipt of the purchase that issued a renters policy, made
// from the issue event alone (the figures as the sale recorded them; the payment token is never in the log).
const line = (a: { line1: string; line2?: string | null }) => [a.line1, a.line2].filter(Boolean).join(', ');
const place = (a: { city: string; state: string; zip: string }) => `${a.city}, ${a.state} ${a.zip}`;

export async function rentersReceiptPdf(issueEvent: StoredEvent): Promise<Uint8Array> {
  const p = issueEvent.data as unknown as RentersPolicyIssued;
  const name = `${p.customer.firstName.trim()} ${p.customer.lastName.trim()}`;
  const method = p.payment.method === 'bank' ? 'Bank account' : 'Card';
  const pdf = await PdfDocument.create({
    title: `Payment receipt ${p.policyNumber}`,
    subject: 'Renters insurance payment receipt',
    author: 'Harbor Mutual Insurance Services',
    footer: `Receipt for ${name} - charge ${p.payment.chargeId}`,
    createdAt: issueEvent.recordedAt,
  });
  pdf.title('Payment receipt');
  pdf.subtitle(`Renters insurance policy ${p.policyNumber}`);
  pdf.heading('Policyholder');
  pdf.keyValues([
    ['Name', name],
    ['Customer number', String(p.customerId)],
    ['Mailing address', line(p.mailingAddress)],
    ['', place(p.mailingAddress)],
    ['E-mail', p.customer.email],
  ]);
  pdf.heading('Insured property');
  pdf.keyValues([
    ['Address', line(p.propertyAddress)],
    ['', place(p.propertyAddress)],
    ['Term', `${p.effectiveDate} to ${p.expirationDate} (${p.termInterval})`],
  ]);
  pdf.heading('Payment');
  pdf.table({
    columns: [{ header: 'Item' }, { header: 'Amount', width: 110, align: 'right' }],
    rows: [
      ['Term premium', money(p.termPremiumCents / 100)],
      ['Taxes', money(p.taxesCents / 100)],
      ['Fees', money(p.feesCents / 100)],
      ['Total for the term', money(p.totalCents / 100)],
    ],
    footerRows: [['Charged today', money(p.payment.amountCents / 100)]],
  });
  pdf.keyValues([
    ['Paid on', p.soldOn],
    ['Payment method', `${method} ending in ${p.payment.last4}`],
    ['Charge id', p.payment.chargeId],
    ...(p.nextBill
      ? ([['Next bill', `${money(p.nextBill.amountCents / 100)} due ${p.nextBill.dueDate}`]] as [
          string,
          string,
        ][])
      : []),
  ]);
  pdf.paragraph('Keep this receipt for your records.');
  return pdf.finish();
}
