import { sql } from 'kysely';
import { type ProjectionSpec, type StoredEvent, type Trx } from '../../store/eventStore';
import {
  COMMISSION_RULE_STREAM,
  CommissionRuleChanged,
  CommissionRuleCreated,
  CommissionRuleExpired,
  type CommissionRuleFields,
} from './commissionRuleEvents';

// Read table `commission_rules`. State codes go in through string_to_array so PGlite and PostgreSQL take the
// same statement (their drivers pass array parameters differently).
const columns = (fields: CommissionRuleFields) => ({
  entity_id: fields.entityId,
  business_type: fields.businessType,
  calculation_type: fields.calculationType,
  event_code: fields.eventCode,
  state_codes: sql<string[]>`string_to_array(${fields.stateCodes.join(',')}, ',')`,
  species: fields.species,
  pay_multiplier: fields.payMultiplier,
  effective_date: fields.effectiveDate,
  expiration_date: fields.expirationDate,
});

async function project(trx: Trx, event: StoredEvent): Promise<void> {
  const id = Number(event.streamId);
  const audit = { updated_at: event.recordedAt, updated_by: event.metadata.userId, version: event.version };
  switch (event.type) {
    case 'commissionRule.created': {
      const e = CommissionRuleCreated.parse(event.data);
      await trx
        .insertInto('commission_rules')
        .values({
          id,
          ...columns(e),
          created_at: event.recordedAt,
          created_by: event.metadata.userId,
          ...audit,
        })
        .execute();
      return;
    }
    case 'commissionRule.changed':
      await trx
        .updateTable('commission_rules')
        .set({ ...columns(CommissionRuleChanged.parse(event.data)), ...audit })
        .where('id', '=', id)
        .execute();
      return;
    case 'commissionRule.expired':
      await trx
        .updateTable('commission_rules')
        .set({ expiration_date: CommissionRuleExpired.parse(event.data).expirationDate, ...audit })
        .where('id', '=', id)
        .execute();
      return;
  }
}

export const commissionRuleProjection: ProjectionSpec = { streamType: COMMISSION_RULE_STREAM, each: project };
