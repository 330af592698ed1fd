import { formatDate, formatMoney } from '../format';

// What a policy's dates say on its screen and in searches (docs/policy-dates.md): a cancellation committed for
// a later date reads "Cancels on <date>" until it takes effect, a non-renewing term "Ends on <date>"; the
// wire's status code stays as SPEC §4 has it (CANCELLED from the commit).
export function cancelsOn(date: string): string {
  return `Cancels on ${formatDate(date)}`;
}

export function endsOn(date: string): string {
  return `Ends on ${formatDate(date)}`;
}

export function renewsOn(date: string, annualPremium: number): string {
  return `Renews on ${formatDate(date)} for ${formatMoney(annualPremium)} a year`;
}
