import { nextMonth } from '../commission/commissionableEvents';
import type { BusinessType } from '../moneyRules/commissionRates';
import { multiplierTypeOf, type MultiplierType } from './adjustmentMultipliers';
import type { AdjustmentGroup, PolicyLine } from './premiumAdjustments';

// The net written premium report (SPEC §3 "Written premium report"; docs/reports.md): the period's adjustments
// (summed per day, code, business type and line) summed per adjustment type and business type, per line and
// per month. Pure, in integer cents.

export interface AdjustmentType {
  code: string;
  description: string;
  category: string;
  allow_new_business: boolean;
  allow_renewal: boolean;
  is_enabled: boolean;
}

export interface NwpTotalCents {
  code: string;
  description: string;
  category: string;
  // SPEC §3 "Adjustment event": the type's sign in written premium and the flags of the type list.
  multiplierType: MultiplierType | null;
  allowNewBusiness: boolean;
  allowRenewal: boolean;
  enabled: boolean;
  businessType: BusinessType;
  count: number;
  premiumCents: number;
}

export interface NwpMonthCents {
  month: string;
  count: number;
  writtenCents: number;
  returnedCents: number;
  premiumCents: number;
}

export interface NwpSummary {
  sumOfTotals: { count: number; premiumCents: number };
  totals: NwpTotalCents[];
  lines: { line: PolicyLine; count: number; premiumCents: number }[];
  months: NwpMonthCents[];
}

// Every month from the month of fromDay to the month of toDay.
export function monthsBetween(fromDay: string, toDay: string): string[] {
  const out: string[] = [];
  for (let month = fromDay.slice(0, 7); month <= toDay.slice(0, 7); month = nextMonth(month)) out.push(month);
  return out;
}

// `types` in the order the report lists them. Every enabled type appears for each business type it allows,
// with zeros when the period has none, so the table keeps its shape; a disabled type appears only when an
// event of it was recorded.
export function summarizeNwp(
  adjustments: readonly AdjustmentGroup[],
  types: readonly AdjustmentType[],
  period: { fromDay: string; toDay: string },
): NwpSummary {
  const totals = new Map<string, NwpTotalCents>();
  const key = (code: string, businessType: BusinessType) => `${code}/${businessType}`;
  for (const type of types) {
    if (!type.is_enabled) continue;
    const businessTypes: BusinessType[] = [
      ...(type.allow_new_business ? (['NEW'] as const) : []),
      ...(type.allow_renewal ? (['RENEWAL'] as const) : []),
    ];
    for (const businessType of businessTypes)
      totals.set(key(type.code, businessType), {
        ...describe(type),
        businessType,
        count: 0,
        premiumCents: 0,
      });
  }
  const months = new Map<string, NwpMonthCents>(
    monthsBetween(period.fromDay, period.toDay).map((month) => [
      month,
      { month, count: 0, writtenCents: 0, returnedCents: 0, premiumCents: 0 },
    ]),
  );
  const lines = new Map<PolicyLine, { line: PolicyLine; count: number; premiumCents: number }>([
    ['PET', { line: 'PET', count: 0, premiumCents: 0 }],
    ['RENTERS', { line: 'RENTERS', count: 0, premiumCents: 0 }],
  ]);
  const sumOfTotals = { count: 0, premiumCents: 0 };
  const typeOf = new Map(types.map((t) => [t.code, t]));

  for (const a of adjustments) {
    const k = key(a.eventCode, a.businessType);
    const total = totals.get(k) ?? {
      ...describe(typeOf.get(a.eventCode) ?? unknownType(a.eventCode)),
      businessType: a.businessType,
      count: 0,
      premiumCents: 0,
    };
    total.count += a.count;
    total.premiumCents += a.premiumCents;
    totals.set(k, total);
    const month = months.get(a.on.slice(0, 7));
    if (month) {
      month.count += a.count;
      month.premiumCents += a.premiumCents;
      month.returnedCents += a.returnedCents;
      month.writtenCents += a.writtenCents;
    }
    const line = lines.get(a.line)!;
    line.count += a.count;
    line.premiumCents += a.premiumCents;
    sumOfTotals.count += a.count;
    sumOfTotals.premiumCents += a.premiumCents;
  }

  const order = new Map(types.map((t, i) => [t.code, i]));
  const sorted = [...totals.values()].sort(
    (a, b) =>
      (order.get(a.code) ?? types.length) - (order.get(b.code) ?? types.length) ||
      a.businessType.localeCompare(b.businessType),
  );
  return { sumOfTotals, totals: sorted, lines: [...lines.values()], months: [...months.values()] };
}

const describe = (type: AdjustmentType) => ({
  code: type.code,
  description: type.description,
  category: type.category,
  multiplierType: multiplierTypeOf(type.code),
  allowNewBusiness: type.allow_new_business,
  allowRenewal: type.allow_renewal,
  enabled: type.is_enabled,
});
// A code recorded that the type list no longer has: neither business type is open to new events.
const unknownType = (code: string): AdjustmentType => ({
  code,
  description: code,
  category: 'ADJUSTMENT',
  allow_new_business: false,
  allow_renewal: false,
  is_enabled: false,
});
