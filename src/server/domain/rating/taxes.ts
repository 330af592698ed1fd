import { territoryOf } from './factors';
import { shareOf } from './money';
import type { RateTables } from './rateTypes';

// Premium taxes on top of the premium: the state's, and the municipality's where the territory levies one
// (Kentucky cities). Each is rounded half up on the annual premium, then scheduled like the premium.
export interface Taxes {
  state: number;
  municipal: number;
}

export function premiumTaxes(tables: RateTables, zip: string, premium: number): Taxes {
  return {
    state: shareOf(premium, tables.premiumTaxBp),
    municipal: shareOf(premium, territoryOf(tables, zip).municipalTaxBp),
  };
}
