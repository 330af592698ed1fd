import { OPTION_FIELDS, type RentersCoverageOptions } from '../rentersRating/coverageOptions';
import { toDollars } from './rentersWire';

// The option rules on the wire: amounts (values and steps) in dollars like the coverage they govern; levels
// and yes/no lists (0, 1) as they are.
export function coverageOptionsWire(options: RentersCoverageOptions): RentersCoverageOptions {
  const amounts = new Set(OPTION_FIELDS.filter((o) => o.kind === 'amount').map((o) => o.code.toLowerCase()));
  return {
    ...options,
    options: Object.fromEntries(
      Object.entries(options.options).map(([name, rule]) => [
        name,
        amounts.has(name)
          ? {
              ...rule,
              values: rule.values.map(toDollars),
              ...(rule.step === undefined ? {} : { step: toDollars(rule.step) }),
            }
          : rule,
      ]),
    ),
  };
}
