import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { loadRateTables } from './loadRateTables';
import { planOptions } from './planOptions';
import { RatingError } from './ratingError';
import { coverageStartDates, type CoverageStartDates, type WaitingPeriods } from './waitingPeriods';

// What a quote offers each pet in its state on its start date (SPEC §3 "Quote pet"), and the start dates and
// waiting periods of a plan (docs/rating.md "Waiting periods"). Deductibles in dollars, like the quote view.
export interface QuotePetTerms {
  default_plan: string;
  plans: string[];
  wellness_levels: string[];
  deductible_options: number[];
  reimbursement_options: number[];
  ofPlan(planCode: string | null): {
    start_dates: CoverageStartDates | null;
    waiting_periods: WaitingPeriods | null;
  };
}

export async function quotePetTerms(
  db: Db | Trx,
  state: string | null,
  startDate: string | null,
): Promise<QuotePetTerms> {
  // A quote whose state no longer sells on its date still shows its pets, without the offer.
  const tables =
    state && startDate
      ? await loadRateTables(db, state, startDate).catch((error: unknown) => {
          if (error instanceof RatingError) return null;
          throw error;
        })
      : null;
  if (!tables || !startDate) {
    return {
      default_plan: '',
      plans: [],
      wellness_levels: [],
      deductible_options: [],
      reimbursement_options: [],
      ofPlan: () => ({ start_dates: null, waiting_periods: null }),
    };
  }
  const options = planOptions(tables);
  return {
    default_plan: options.default_plan,
    plans: options.plans,
    wellness_levels: tables.wellnessAvailable ? tables.wellness.map((w) => w.code) : [],
    deductible_options: options.deductibles.values.map((cents) => cents / 100),
    reimbursement_options: options.reimbursements.values,
    ofPlan: (planCode) => {
      const periods =
        tables.waitingPeriods[planCode ?? options.default_plan] ??
        tables.waitingPeriods[options.default_plan];
      return periods
        ? { start_dates: coverageStartDates(startDate, periods), waiting_periods: periods }
        : { start_dates: null, waiting_periods: null };
    },
  };
}
