import type { ReactNode } from 'react';
import type { PolicyView } from '../../../api/schemas/policies';
import { formatCode, formatDate, formatMoney, formatPhone, formatTermType } from '../../../ui/format';
import { Facts, Panel } from '../../../ui/Panel';
import { CoverStarts } from '../../../ui/policy/CoverStarts';
import { SoldThroughPanel } from './SoldThroughPanel';

// The four cards of SPEC §3 "Policy detail": summary, policyholder, pet and coverage, exactly those fields;
// then how it was sold, the quote's attribution SPEC §3 carries into the policy.
export function PolicyCards({
  policy,
  policyholderActions,
}: {
  policy: PolicyView;
  policyholderActions?: ReactNode;
}) {
  const { summary, policyholder, pet, coverage } = policy;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Panel title="Summary">
        <Facts
          facts={[
            ['Policy number', summary.policyNumber],
            ['Status', formatCode(summary.status)],
            ['Term', formatTermType(summary.termType)],
            ['Effective', formatDate(summary.effectiveDate)],
            ['Expiration', formatDate(summary.expirationDate)],
            ['Inception', formatDate(summary.inceptionDate)],
            ['Cancellation effective', formatDate(summary.cancellationEffectiveDate)],
            ['Entity', `${summary.entityName} (${summary.entityCode})`],
            ['Brand', summary.brandName ?? summary.brand ?? '—'],
            ['Plan', summary.planName],
            [
              'Initial payment',
              summary.initPaySuccessful ? 'Paid at purchase' : 'Declined at first, then paid',
            ],
          ]}
        />
      </Panel>
      <Panel title="Policyholder" actions={policyholderActions}>
        <Facts
          facts={[
            ['Name', `${policyholder.firstName} ${policyholder.lastName}`],
            ['Customer id', policyholder.customerId],
            ['Email', policyholder.email],
            ['Phone', formatPhone(policyholder.phone)],
            [
              'Mailing address',
              <>
                {policyholder.addressLine1}
                {policyholder.addressLine2 && (
                  <>
                    <br />
                    {policyholder.addressLine2}
                  </>
                )}
                <br />
                {policyholder.city}, {policyholder.state} {policyholder.zip}
              </>,
            ],
          ]}
        />
      </Panel>
      <Panel title="Pet">
        <Facts
          facts={[
            ['Name', pet.name],
            ['Species', formatCode(pet.species)],
            ['Gender', formatCode(pet.gender)],
            ['Breed', pet.breed],
            ['Age at inception', `${pet.ageAtInception} ${pet.ageAtInception === 1 ? 'year' : 'years'}`],
            ['With us since', formatDate(pet.withUsSince)],
          ]}
        />
      </Panel>
      <Panel title="Coverage">
        <Facts
          facts={[
            ['Annual premium', formatMoney(coverage.annualPremium)],
            [
              'Annual coverage',
              coverage.annualCoverage === null ? 'Unlimited' : formatMoney(coverage.annualCoverage),
            ],
            ['Deductible', formatMoney(coverage.deductible)],
            ['Reimbursement', `${coverage.reimbursement}%`],
            ['Copay', `${coverage.copay}%`],
            ['Wellness', coverage.wellnessLevel ? formatCode(coverage.wellnessLevel) : 'None'],
          ]}
        />
        {coverage.startDates && coverage.waitingPeriods && (
          <div className="mt-4 border-t border-slate-100 pt-3">
            <CoverStarts starts={coverage.startDates} periods={coverage.waitingPeriods} />
          </div>
        )}
      </Panel>
      {policy.soldThrough && <SoldThroughPanel soldThrough={policy.soldThrough} />}
    </div>
  );
}
