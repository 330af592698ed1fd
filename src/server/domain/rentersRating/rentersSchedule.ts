import type { FeePeriod, RentersFee, RentersPayment, TermInterval } from './rentersTypes';

// The payments of one term (docs/rating.md "Renters payments"). Each annual line (premium, state tax,
// municipal tax) is split on its own into a down payment and eleven equal installments:
//   monthly = floor(annual / 12), downpayment = annual − 11 × monthly
// so the twelve payments add up to the annual line to the cent. MONTHLY fees ride on every monthly payment,
// TERM fees on the first payment whatever the interval, ANNUAL fees on a term paid in full.
export interface AnnualLines {
  premium: number;
  stateTax: number;
  municipalTax: number;
}

export function feeCount(period: FeePeriod, interval: TermInterval): number {
  if (period === 'TERM') return 1;
  if (period === 'MONTHLY') return interval === 'monthly' ? 12 : 0;
  return interval === 'annual' ? 1 : 0;
}

export function paymentSchedule(
  lines: AnnualLines,
  fees: readonly RentersFee[],
  interval: TermInterval,
  effectiveDate: string,
): RentersPayment[] {
  const feesOf = (periods: FeePeriod[]) =>
    fees.filter((f) => periods.includes(f.paymentPeriod)).reduce((sum, f) => sum + f.amountCents, 0);
  if (interval === 'annual') {
    return [
      payment(
        1,
        effectiveDate,
        lines.premium,
        lines.stateTax,
        lines.municipalTax,
        feesOf(['TERM', 'ANNUAL']),
      ),
    ];
  }
  const [premium, stateTax, municipalTax] = [lines.premium, lines.stateTax, lines.municipalTax].map(
    split,
  ) as [Split, Split, Split];
  return Array.from({ length: 12 }, (_, i) => {
    const part = (s: Split) => (i === 0 ? s.downpayment : s.monthly);
    const feeTotal = feesOf(i === 0 ? ['TERM', 'MONTHLY'] : ['MONTHLY']);
    return payment(
      i + 1,
      addMonths(effectiveDate, i),
      part(premium),
      part(stateTax),
      part(municipalTax),
      feeTotal,
    );
  });
}

interface Split {
  monthly: number;
  downpayment: number;
}

function split(annual: number): Split {
  const monthly = Math.floor(annual / 12);
  return { monthly, downpayment: annual - 11 * monthly };
}

function payment(
  number: number,
  dueDate: string,
  premium: number,
  stateTax: number,
  municipalTax: number,
  fees: number,
): RentersPayment {
  return {
    number,
    due_date: dueDate,
    premium,
    state_tax: stateTax,
    municipal_tax: municipalTax,
    fees,
    total: premium + stateTax + municipalTax + fees,
  };
}

// The same day of the month n months on ('YYYY-MM-DD'); a day the month lacks becomes its last day
// (January 31 → February 28), so every payment falls in its own month.
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}
