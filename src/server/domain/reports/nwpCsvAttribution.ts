import { NWP_NO_ATTRIBUTION, type NwpGroupBy } from '../../../api/schemas/reports';
import type { Db } from '../../store/db';
import type { PremiumAdjustment } from './premiumAdjustments';
import { attributionOfPolicies, type PolicyAttribution } from './saleAttribution';

// The net written premium CSV's attribution columns (docs/reports.md "Attribution"): where each adjustment's
// sale came from, and with a breakdown the group it falls in, named as the report's breakdown names it, so the
// file's rows summed per group give the breakdown.

const NO_ATTRIBUTION: PolicyAttribution = {
  quotingPlatform: null,
  quoteMethod: null,
  entitySourceId: null,
  partnerCode: null,
};

export function groupValueOf(attribution: PolicyAttribution, groupBy: NwpGroupBy): string {
  const value =
    groupBy === 'quotingPlatform'
      ? attribution.quotingPlatform
      : groupBy === 'quoteMethod'
        ? attribution.quoteMethod
        : groupBy === 'entitySource'
          ? attribution.entitySourceId?.toString()
          : attribution.partnerCode?.toUpperCase();
  return value ?? NWP_NO_ATTRIBUTION;
}

export function nwpCsvAttribution(db: Db, groupBy: NwpGroupBy | undefined) {
  return {
    header: [
      'quotingPlatform',
      'quoteMethod',
      'entitySourceId',
      'partnerCode',
      ...(groupBy ? ['group'] : []),
    ],
    async columnsOf(batch: readonly PremiumAdjustment[]): Promise<(string | number | null)[][]> {
      const pet = [...new Set(batch.filter((a) => a.line === 'PET').map((a) => a.policyNumber))];
      const byPolicy = await attributionOfPolicies(db, pet);
      return batch.map((a) => {
        const found = (a.line === 'PET' && byPolicy.get(a.policyNumber)) || NO_ATTRIBUTION;
        return [
          found.quotingPlatform,
          found.quoteMethod,
          found.entitySourceId,
          found.partnerCode,
          ...(groupBy ? [groupValueOf(found, groupBy)] : []),
        ];
      });
    },
  };
}
