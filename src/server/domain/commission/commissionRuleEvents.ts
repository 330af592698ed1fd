import { z } from 'zod';
import type { RecordLifecycleEvent } from '../../../machines/recordLifecycle';
import type { NewEvent } from '../../store/eventStore';

// Events of the `commission_rule` stream (stream id = rule id). Created and changed carry the whole rule, so
// the log reads without the table; expired only moves the expiration date.
export const COMMISSION_RULE_STREAM = 'commission_rule';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const CommissionRuleFields = z.object({
  entityId: z.number().int(),
  businessType: z.enum(['NEW', 'RENEWAL']),
  calculationType: z.enum(['PERCENT', 'FLAT']),
  eventCode: z.string(),
  stateCodes: z.array(z.string()).min(1),
  species: z.enum(['DOG', 'CAT', 'RENTERS']).nullable(),
  // Basis points (PERCENT) or cents (FLAT), as commissionRules.ts keeps them.
  payMultiplier: z.number().int(),
  effectiveDate: day,
  expirationDate: day.nullable(),
});
export type CommissionRuleFields = z.infer<typeof CommissionRuleFields>;

export const CommissionRuleCreated = CommissionRuleFields.extend({
  id: z.number().int(),
  // Set when generate copied it from another entity's rule.
  copiedFrom: z.number().int().optional(),
});
export const CommissionRuleChanged = CommissionRuleFields;
export const CommissionRuleExpired = z.object({ expirationDate: day });

export type CommissionRuleEventType =
  'commissionRule.created' | 'commissionRule.changed' | 'commissionRule.expired';

// A rule is a record like any other: created once, then changed. Whether it is in force is a matter of the
// day (its dates), not of a machine state, so expiring is an update too.
export function commissionRuleLifecycleEvent(event: NewEvent): RecordLifecycleEvent {
  return event.type === 'commissionRule.created' ? { type: 'record.create' } : { type: 'record.update' };
}
