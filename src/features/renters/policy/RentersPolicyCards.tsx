import type { ReactNode } from 'react';
import type { RentersPolicyRecord, RentersRecordAddress } from '../../../api/schemas/rentersPolicyRecord';
import { formatCode, formatDate, formatMoney, formatPhone } from '../../../ui/format';
import { Facts, Panel } from '../../../ui/Panel';

// The record's cards (SPEC §3 "Renters policy record as shown on screen"): summary, policyholder, property
// and coverage, exactly those fields. Edit buttons come from the screen, which knows the privileges.
export function AddressLines({ address }: { address: RentersRecordAddress | null }) {
  if (!address) return <>—</>;
  return (
    <>
      {address.line1}
      {address.line2 && (
        <>
          <br />
          {address.line2}
        </>
      )}
      <br />
      {address.city}, {address.stateCode} {address.zipCode}
    </>
  );
}

const yesNo = (value: boolean) => (value ? 'Included' : 'Not included');

export interface RentersPolicyCardsProps {
  record: RentersPolicyRecord;
  policyholderActions?: ReactNode;
  contactActions?: ReactNode;
  mailingActions?: ReactNode;
  propertyActions?: ReactNode;
  interestedPartyActions?: ReactNode;
}

export function RentersPolicyCards({
  record,
  policyholderActions,
  contactActions,
  mailingActions,
  propertyActions,
  interestedPartyActions,
}: RentersPolicyCardsProps) {
  const { summary, policyholder, property, coverage } = record;
  const contact = policyholder.primaryContact;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Panel title="Summary">
        <Facts
          facts={[
            ['Policy number', summary.policyNumber],
            ['Status', summary.statusCode === 'ACTIVE' ? 'Active' : formatCode(summary.statusCode)],
            ['Term', formatCode(summary.termInterval)],
            ['Term premium', formatMoney(summary.termPremium)],
            ['Inception', formatDate(summary.inceptionDate)],
            ['Effective', formatDate(summary.effectiveDate)],
            ['Expiration', formatDate(summary.expirationDate)],
            [
              'Upcoming payment',
              summary.upcomingPaymentDate
                ? `${formatMoney(summary.upcomingPaymentAmount)} on ${formatDate(summary.upcomingPaymentDate)}`
                : '—',
            ],
            ['Non-renewal', summary.nonRenew ? `From ${formatDate(summary.nonRenewEffectiveDate)}` : 'No'],
            ['Non-renewal reason', record.nonRenewReason?.name ?? '—'],
            ['Cancellation date', formatDate(record.cancellationDate)],
            // The record's reason names a non-renewal too when no cancellation stands; shown above as such.
            [
              'Cancellation reason',
              record.cancellationReason?.scope === 'cancel' ? record.cancellationReason.name : '—',
            ],
          ]}
        />
      </Panel>
      <Panel title="Policyholder" actions={policyholderActions}>
        <Facts
          facts={[
            ['Name', `${policyholder.firstName} ${policyholder.lastName}`],
            ['Customer id', policyholder.customerId],
            ['Email', policyholder.emailAddress],
            [
              'Welcome email sent',
              policyholder.welcomeEmailSentAt ? formatDate(policyholder.welcomeEmailSentAt) : '—',
            ],
          ]}
        />
        <SubSection title="Primary contact" actions={contactActions}>
          <p className="text-sm text-slate-900" data-testid="primary-contact">
            {formatPhone(contact.number)}
            {contact.extension && ` ext. ${contact.extension}`}{' '}
            <span className="text-slate-500">({formatCode(contact.numberType)})</span>
          </p>
          {contact.additionalInfo && (
            <p className="text-sm text-slate-600" data-testid="primary-contact-info">
              {contact.additionalInfo}
            </p>
          )}
        </SubSection>
        <SubSection title="Mailing address" actions={mailingActions}>
          <p className="text-sm text-slate-900" data-testid="mailing-address">
            <AddressLines address={policyholder.mailingAddress} />
          </p>
        </SubSection>
      </Panel>
      <Panel title="Property">
        <SubSection title="Insured property" actions={propertyActions}>
          <p className="text-sm text-slate-900" data-testid="property-address">
            <AddressLines address={property.address} />
          </p>
        </SubSection>
        <SubSection title="Interested party" actions={interestedPartyActions}>
          <p className="text-sm text-slate-900" data-testid="interested-party">
            {property.interestedPartyName ? (
              <>
                <span className="font-medium">{property.interestedPartyName}</span>
                <br />
                <AddressLines address={property.interestedPartyAddress} />
              </>
            ) : (
              'None'
            )}
          </p>
        </SubSection>
      </Panel>
      <Panel title="Coverage">
        <Facts
          facts={[
            ['Personal property', formatMoney(coverage.contents.amount)],
            ['Deductible', formatMoney(coverage.contents.deductible)],
            ['Additional living expense', formatMoney(coverage.contents.additionalLivingExpense)],
            ['Liability', formatMoney(coverage.liability.amount)],
            ['Medical payments', formatMoney(coverage.liability.medicalPayments)],
            ['Damage to property of others', formatMoney(coverage.liability.damageToPropertyOfOthers)],
            ['Theft', yesNo(coverage.optional.theft)],
            ['Replacement cost', yesNo(coverage.optional.replacementCost)],
          ]}
        />
      </Panel>
    </div>
  );
}

function SubSection({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="mt-4 border-t border-slate-100 pt-3">
      <div className="mb-1 flex items-center justify-between gap-3">
        <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">{title}</h3>
        {actions}
      </div>
      {children}
    </section>
  );
}
