import { rentersPolicyFacts } from '../../../machines/rentersRecordFlags';
import type { StoredEvent } from '../../store/eventStore';
import { PdfDocument } from '../documents/pdfDocument';
import { money, pdfDay } from '../documents/pdfText';
import type { RentersCoverageInput } from '../rentersRating/rentersTypes';
import { rentersPolicyStatusEvent } from './rentersPolicyEvents';
import { rentersPolicyParts } from './rentersPolicyRecord';
import type { RentersRecordAddress } from '../../../api/schemas/rentersPolicyRecord';

// The renters declarations page (docs/renters-policy-record.md "Documents"): who is insured, where, for which
// term and with what coverage, as the policy's log reads at the moment it is made. Made at issue and again when
// the insured data changes, in the transaction of that act, from the stream as that transaction sees it.

const line = (a: RentersRecordAddress) => [a.line1, a.line2].filter(Boolean).join(', ');
const place = (a: RentersRecordAddress) => `${a.city}, ${a.stateCode} ${a.zipCode}`;
const cents = (amount: number) => money(amount / 100);
const yesNo = (value: boolean) => (value ? 'Included' : 'Not included');

export async function rentersDeclarationsPdf(
  events: readonly StoredEvent[],
  changed: boolean,
): Promise<Uint8Array> {
  const parts = rentersPolicyParts(events);
  if (!parts) throw new Error('A renters policy without its issue event has no declarations');
  const { issued } = parts;
  const term = rentersPolicyFacts(events.map(rentersPolicyStatusEvent)).term ?? {
    effectiveDate: issued.effectiveDate,
    expirationDate: issued.expirationDate,
  };
  const coverage = issued.coverage as RentersCoverageInput;
  const name = `${issued.customer.firstName.trim()} ${issued.customer.lastName.trim()}`;
  const title = changed ? 'Changed declarations' : 'Declarations';
  const pdf = await PdfDocument.create({
    title: `${title} ${issued.policyNumber}`,
    subject: 'Renters insurance declarations page',
    author: 'Harbor Mutual Insurance Services',
    footer: `Declarations of policy ${issued.policyNumber} for ${name}`,
    createdAt: events.at(-1)!.recordedAt,
  });
  pdf.title(title);
  pdf.subtitle(`Renters insurance policy ${issued.policyNumber}`);
  pdf.heading('Policy');
  pdf.keyValues([
    ['Policy number', issued.policyNumber],
    ['Policy period', `${pdfDay(term.effectiveDate)} to ${pdfDay(term.expirationDate)}`],
    ['Sold on', pdfDay(issued.soldOn)],
    ['Payment plan', issued.termInterval === 'monthly' ? 'Monthly' : 'Annual (paid in full)'],
    ['Term premium', cents(issued.termPremiumCents)],
    ['Taxes and fees', cents(issued.taxesCents + issued.feesCents)],
    ['Total for the term', cents(issued.totalCents)],
  ]);
  pdf.heading('Named insured');
  pdf.keyValues([
    ['Name', name],
    ['Mailing address', line(parts.mailing)],
    ['', place(parts.mailing)],
  ]);
  const insureds = [...parts.insureds.values()];
  if (insureds.length > 0) {
    pdf.heading('Additional insureds');
    pdf.keyValues(insureds.map((i) => [`Insured ${i.id}`, `${i.firstName} ${i.lastName}`]));
  }
  pdf.heading('Insured property');
  pdf.keyValues([
    ['Address', line(parts.property)],
    ['', place(parts.property)],
    ...(parts.interestedParty
      ? ([
          ['Interested party', parts.interestedParty.name],
          ['', `${line(parts.interestedParty.address)}, ${place(parts.interestedParty.address)}`],
        ] as [string, string][])
      : []),
  ]);
  pdf.heading('Coverage');
  pdf.table({
    columns: [{ header: 'Coverage' }, { header: 'Limit', width: 200, align: 'right' }],
    rows: [
      ['Personal property', cents(coverage.contents.amount)],
      ['Deductible', cents(coverage.contents.deductible_amount)],
      ['Additional living expense', cents(coverage.contents.additional_living_expense)],
      ['Personal liability', cents(coverage.liability.amount)],
      ['Damage to property of others', cents(coverage.liability.damage_to_property_of_others_amount)],
      ['Medical payments', cents(coverage.liability.medical_payments_amount)],
      ['Theft', yesNo(coverage.optional.include_theft)],
      ['Replacement cost', yesNo(coverage.optional.include_replacement_cost)],
      ['Water damage', yesNo(coverage.optional.include_water_damage)],
    ],
  });
  pdf.paragraph(
    changed
      ? 'These declarations replace the earlier ones from the date of this page. Keep them with your policy.'
      : 'These declarations form part of your policy. Keep them with your policy documents.',
  );
  return pdf.finish();
}
