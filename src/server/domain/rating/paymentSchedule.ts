// The monthly schedule of one annual amount: eleven equal installments and a down payment that takes the
// remainder, so monthly × 11 + downpayment = annual to the cent (docs/rating.md "Payments").
export interface Schedule {
  monthly: number;
  downpayment: number;
}

export function monthlySchedule(annualCents: number): Schedule {
  const monthly = Math.floor(annualCents / 12);
  return { monthly, downpayment: annualCents - 11 * monthly };
}
