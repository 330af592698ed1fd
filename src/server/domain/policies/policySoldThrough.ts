import type { PolicyView } from '../../../api/schemas/policies';
import type { Db } from '../../store/db';
import { quoteTracking } from '../quotes/quoteTrackingRows';

// How a pet policy was sold (docs/pet-policy-record.md "Sold through"): the quote's attribution carried into
// the policy, read from the quote it was bought on, so a later change of the quote's tracking shows here too.
// The quote source is named with its label as the agency keeps it; a disabled source still names the sale.
export async function policySoldThrough(
  db: Db,
  policy: { quote_uuid: string; entity_code: string; entity_name: string },
): Promise<PolicyView['soldThrough']> {
  const quote = await db
    .selectFrom('quotes as q')
    .leftJoin('entity_quote_sources as s', 's.id', 'q.entity_source_id')
    .select(['q.quoting_platform', 'q.quote_method', 'q.program_id', 'q.entity_source_id'])
    .select(['s.code as source_code', 's.name as source_name'])
    .where('q.uuid', '=', policy.quote_uuid)
    .executeTakeFirst();
  if (!quote) return null;
  const tracking = await quoteTracking(db, policy.quote_uuid);
  return {
    entityCode: policy.entity_code,
    entityName: policy.entity_name,
    quotingPlatform: quote.quoting_platform,
    quoteMethod: quote.quote_method,
    programId: quote.program_id,
    entitySource:
      quote.entity_source_id !== null && quote.source_code !== null && quote.source_name !== null
        ? { id: quote.entity_source_id, code: quote.source_code, name: quote.source_name }
        : null,
    partnerData: tracking.partner_data,
    referenceData: tracking.reference_data,
  };
}
