import type { PlansData, PlansResult } from '../../../api/schemas/quoteActions';
import type { QuoteView } from '../../../api/schemas/quoteCommands';
import type { PlanChoice } from '../../../machines/petQuoteContext';

// What the agent picked for one pet; options left out take the state's defaults (the `plans` action).
export interface CoverageChoice {
  planCode?: string;
  deductible?: number;
  reimbursement?: number;
  examFee: boolean;
  wellnessCode: string | null;
}

export type CoverageChoices = Record<string, CoverageChoice>;

// A quote with plans already chosen (back from checkout) starts from them.
export function initialChoices(quote: QuoteView): CoverageChoices {
  return Object.fromEntries(
    quote.pets.map((p) => [
      p.id,
      p.plan
        ? {
            planCode: p.plan.plan_code,
            deductible: p.plan.deductible,
            reimbursement: p.plan.reimbursement,
            examFee: p.plan.exam_fee,
            wellnessCode: p.plan.wellness_code,
          }
        : { examFee: false, wellnessCode: null },
    ]),
  );
}

export function plansRequest(quote: QuoteView, choices: CoverageChoices, discountCode: string): PlansData {
  return {
    zip: quote.customer?.zip ?? '',
    startDate: quote.start_date ?? '',
    discountCode: discountCode.trim() || null,
    pets: quote.pets.map((p) => {
      const c = choices[p.id] ?? { examFee: false, wellnessCode: null };
      return {
        species: p.species,
        breedCode: p.breed_code,
        age: p.age,
        ...(c.planCode ? { planCode: c.planCode } : {}),
        ...(c.deductible !== undefined ? { deductible: c.deductible } : {}),
        ...(c.reimbursement !== undefined ? { reimbursement: c.reimbursement } : {}),
        examFee: c.examFee,
        wellnessCode: c.wellnessCode,
      };
    }),
  };
}

// The choice sent to chooseCoverage: what the premium on screen was rated on, defaults filled in.
export function chosenCoverage(quote: QuoteView, choices: CoverageChoices, rated: PlansResult | undefined) {
  return quote.pets.map((p, index) => {
    const c = choices[p.id] ?? { examFee: false, wellnessCode: null };
    const plan = rated?.pets[index]?.plan;
    return {
      petId: p.id,
      planCode: c.planCode ?? plan?.plan_code,
      deductible: c.deductible ?? plan?.deductible,
      reimbursement: c.reimbursement ?? plan?.reimbursement,
      examFee: c.examFee,
      wellnessCode: c.wellnessCode,
    };
  });
}

// The same choice as the journey machine records it (cents), to ask it whether coverage may be chosen.
export function planChoicesOf(chosen: ReturnType<typeof chosenCoverage>): Record<string, PlanChoice> {
  return Object.fromEntries(
    chosen.map((c) => [
      c.petId,
      {
        planCode: c.planCode ?? '',
        deductibleCents: Math.round((c.deductible ?? 0) * 100),
        reimbursementPercent: c.reimbursement ?? 0,
        wellnessLevel: c.wellnessCode,
      },
    ]),
  );
}
