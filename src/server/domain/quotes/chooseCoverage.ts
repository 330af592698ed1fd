import type { ChooseCoverageData, QuoteCommandResult } from '../../../api/schemas/quoteCommands';
import { Invalid } from '../domainErrors';
import { checkOffered, petInput } from './petRatingInput';
import { loadRateTables } from '../rating/loadRateTables';
import { planOptions } from '../rating/planOptions';
import { rateQuote } from '../rating/rateQuote';
import {
  appendToQuote,
  journeyOf,
  type QuoteActor,
  requireWritableQuote,
  inTransaction,
} from './quoteExecution';
import { quoteEvent, type PetPremium } from './quoteEvents';
import type { PlanChoice } from '../../../machines/petQuoteContext';
import type { QuoteTotalsCents } from './quoteTotals';

// Action `chooseCoverage`: plan options for every pet. The server rates them with the engine on the quote's
// state and start date (options left out take the state's defaults, as in `plans`) and records the
// premiums beside the choices, so the quote shows what the customer was offered.
export async function chooseCoverage(
  actor: QuoteActor,
  data: ChooseCoverageData,
): Promise<QuoteCommandResult> {
  const quote = await requireWritableQuote(actor, data.uuid);
  return inTransaction(actor.db, async (trx) => {
    const { context } = await journeyOf(trx, data.uuid);
    const errors: Record<string, string[]> = {};
    data.pets.forEach((given, i) => {
      if (!context.pets.some((p) => p.id === given.petId)) {
        errors[`data.pets.${i}.petId`] = ['This pet is not on the quote.'];
      }
    });
    const unchosen = context.pets.filter((p) => !data.pets.some((g) => g.petId === p.id));
    if (unchosen.length > 0) errors['data.pets'] = unchosen.map((p) => `Choose a plan for ${p.name}.`);
    if (Object.keys(errors).length > 0) throw new Invalid(errors);

    // A quote not yet rated has no state or start date; the journey refuses coverage there anyway.
    const plans: Record<string, PlanChoice> = {};
    const premiums: Record<string, PetPremium> = {};
    let ratedOn = quote.start_date ?? '';
    let totals: QuoteTotalsCents | null = null;
    const discountCode = data.discountCode?.trim() || null;
    if (quote.state && quote.zip && quote.start_date) {
      // Through the transaction: PGlite has one connection, which the open transaction holds.
      const tables = await loadRateTables(trx, quote.state, quote.start_date);
      const options = planOptions(tables);
      const inputs = context.pets.map((pet) => {
        const given = data.pets.find((g) => g.petId === pet.id)!;
        const { petId: _petId, ...choice } = given;
        const input = petInput(
          tables,
          { species: pet.species === 'cat' ? 'CAT' : 'DOG', breedCode: pet.breed, age: pet.age, ...choice },
          options,
        );
        checkOffered(options, input);
        return input;
      });
      const rating = rateQuote(tables, { zip: quote.zip, discountCode, pets: inputs });
      context.pets.forEach((pet, i) => {
        const input = inputs[i]!;
        const plan = rating.pets[i]!.plan;
        plans[pet.id] = {
          planCode: input.planCode,
          deductibleCents: input.deductible,
          reimbursementPercent: input.reimbursement,
          wellnessLevel: input.wellnessCode,
        };
        premiums[pet.id] = {
          examFee: input.examFee,
          monthlyPremiumCents: plan.monthly_payment,
          downpaymentCents: plan.downpayment,
          totalPremiumCents: plan.total_premium,
        };
      });
      ratedOn = tables.effectiveDate;
      totals = {
        monthlyDownpayment: rating.monthly.downpayment,
        monthlyInstallment: rating.monthly.installment,
        monthlyTotal: rating.monthly.total,
        annualTotal: rating.annual.total,
      };
    }
    return appendToQuote(
      trx,
      actor,
      data.uuid,
      [quoteEvent.coverageChosen({ plans, premiums, ratedOn, discountCode, totals })],
      data.version,
    );
  });
}
