import type { PlansResult, WellnessPlan } from '../../../api/schemas/quoteActions';
import type { QuoteView } from '../../../api/schemas/quoteCommands';
import { CheckboxField } from '../../../ui/forms/CheckboxField';
import { SelectField } from '../../../ui/forms/SelectField';
import type { CoverageChoice } from './coverageChoices';
import { CoverItems } from './CoverItems';
import { formatMoney } from '../../../ui/format';
import { CoverStarts, quotePetCoverStarts } from '../../../ui/policy/CoverStarts';

export interface PetCoverageProps {
  pet: QuoteView['pets'][number];
  state: string;
  choice: CoverageChoice;
  // This pet's rating on the current choices (kept from the last answer while a new one loads).
  rated: PlansResult['pets'][number] | undefined;
  options: PlansResult['plan_options'] | undefined;
  wellnessPlans: readonly WellnessPlan[];
  errors: Record<string, string[]>;
  onChange(choice: CoverageChoice): void;
}

// One pet's plan, deductible, reimbursement, exam fee and wellness, with what it costs.
export function PetCoverage({
  pet,
  state,
  choice,
  rated,
  options,
  wellnessPlans,
  errors,
  onChange,
}: PetCoverageProps) {
  const plan = rated?.plan;
  const planCode = choice.planCode ?? plan?.plan_code ?? '';
  const set = (patch: Partial<CoverageChoice>) => onChange({ ...choice, ...patch });
  const planLabel = (code: string) => rated?.plans.find((p) => p.plan_code === code)?.plan_desc ?? code;
  const monthly = (plan?.monthly_payment ?? 0) + (rated?.wellness?.monthly ?? 0);
  const annual = (plan?.total_premium ?? 0) + (rated?.wellness?.total ?? 0);
  const starts = quotePetCoverStarts(pet);
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <legend className="px-1 text-base font-semibold text-slate-900">{pet.name}</legend>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <p className="text-sm text-slate-500">
          {pet.species === 'CAT' ? 'Cat' : 'Dog'}, {pet.age} {pet.age === 1 ? 'year' : 'years'}
        </p>
        <p className="text-right" aria-live="polite" data-testid={`premium-${pet.id}`}>
          <span className="block text-2xl font-semibold text-slate-900">
            {plan ? formatMoney(monthly) : '—'}
            <span className="text-sm font-normal text-slate-500"> / month</span>
          </span>
          <span className="text-xs text-slate-500">{plan ? `${formatMoney(annual)} a year` : 'Rating…'}</span>
        </p>
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <SelectField
          label="Plan"
          name="planCode"
          className="md:col-span-3"
          options={(options?.plans ?? []).map((code) => ({ value: code, label: planLabel(code) }))}
          value={planCode}
          // A new plan starts from its own default deductible and reimbursement.
          onChange={(e) => set({ planCode: e.target.value, deductible: undefined, reimbursement: undefined })}
          errors={errors.planCode}
        />
        <SelectField
          label="Deductible"
          name="deductible"
          options={(options?.deductibles.values ?? []).map((v) => ({
            value: String(v),
            label: formatMoney(v),
          }))}
          value={String(choice.deductible ?? plan?.deductible ?? '')}
          onChange={(e) => set({ deductible: Number(e.target.value) })}
          errors={errors.deductible}
        />
        <SelectField
          label="Reimbursement"
          name="reimbursement"
          options={(options?.reimbursements.values ?? []).map((v) => ({ value: String(v), label: `${v}%` }))}
          value={String(choice.reimbursement ?? plan?.reimbursement ?? '')}
          onChange={(e) => set({ reimbursement: Number(e.target.value) })}
          errors={errors.reimbursement}
        />
        {options?.wellness && (
          <SelectField
            label="Wellness"
            name="wellnessCode"
            options={[
              { value: '', label: 'No wellness plan' },
              ...wellnessPlans.map((w) => ({
                value: w.code,
                label: `${w.name} (${formatMoney(w.price)} / month)`,
              })),
            ]}
            value={choice.wellnessCode ?? ''}
            onChange={(e) => set({ wellnessCode: e.target.value || null })}
            errors={errors.wellnessCode}
          />
        )}
        {options?.exam_fee && (
          <CheckboxField
            label="Cover exam fees"
            name="examFee"
            className="md:col-span-3"
            description={
              plan && plan.total_exam_fee > 0 ? `${formatMoney(plan.monthly_exam_fee)} a month` : undefined
            }
            checked={choice.examFee}
            onChange={(e) => set({ examFee: e.target.checked })}
            errors={errors.examFee}
          />
        )}
      </div>
      {starts && (
        <div className="mt-5 border-t border-slate-100 pt-4">
          <CoverStarts {...starts} label={`When ${pet.name}'s cover starts`} />
        </div>
      )}
      {planCode && (
        <div className="mt-5 border-t border-slate-100 pt-4">
          <h2 className="mb-2 text-sm font-semibold text-slate-700">What {planLabel(planCode)} covers</h2>
          <CoverItems planCode={planCode} state={state} />
        </div>
      )}
    </fieldset>
  );
}
