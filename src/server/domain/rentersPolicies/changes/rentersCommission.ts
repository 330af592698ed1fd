import { commissionCents, ruleFor, type BusinessType, type RateRule } from '../../moneyRules/commissionRates';
import type { CancellationMethod } from '../../../../machines/rentersPolicyStatus';

// The agency's commission taken back when a renters policy is cancelled (docs/renters-cancellation.md): what
// the agency's CN (pro rata) or FC (flat) rule in force on the day pays on the returned premium, so the
// preview's clawback and the statement's chargeback line are the same to the cent (docs/commission.md).

// The commission a cancellation by `method` takes back on `premiumReturnedCents`; positive, 0 without a rule.
export type Clawback = (method: CancellationMethod, premiumReturnedCents: number) => number;

export function commissionClawback(
  rule: Pick<RateRule, 'calculationType' | 'payMultiplier'> | null,
  premiumReturnedCents: number,
): number {
  if (!rule || premiumReturnedCents <= 0) return 0;
  return commissionCents(rule, premiumReturnedCents);
}

export interface ClawbackKey {
  entityId: number;
  businessType: BusinessType;
  stateCode: string;
  // YYYY-MM-DD: the day of the cancellation, on which the chargeback is recorded.
  on: string;
}

// The clawback of a policy's cancellation under the entity's rules.
export function clawbackUnder(rules: readonly RateRule[], key: ClawbackKey): Clawback {
  return (method, premiumReturnedCents) =>
    commissionClawback(
      ruleFor(rules, { ...key, eventCode: method === 'FLAT' ? 'FC' : 'CN', species: 'RENTERS' }),
      premiumReturnedCents,
    );
}
