import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../store/db';

// Where a sale came from (docs/reports.md "Attribution"): the attribution of the quote a pet policy was bought
// on (migration 046) and its tracking's partner (migration 048). Renters sales carry none.
export interface SaleAttribution {
  quotingPlatform?: string;
  quoteMethod?: string;
  entitySourceId?: number;
  partnerCode?: string;
}

export const hasAttribution = (filter: SaleAttribution | undefined): filter is SaleAttribution =>
  filter !== undefined &&
  (filter.quotingPlatform !== undefined ||
    filter.quoteMethod !== undefined ||
    filter.entitySourceId !== undefined ||
    filter.partnerCode !== undefined);

// The condition on a premium adjustment `a` that its policy was bought on a quote with this attribution, or
// null when the filter names none. The same comparisons as the quote search's (a partner code in any case),
// reached through the policy's primary key, the quote's and the tracking's, so no index is added for it.
export function soldWith(filter: SaleAttribution | undefined): RawBuilder<SqlBool> | null {
  if (!hasAttribution(filter)) return null;
  const conditions: RawBuilder<SqlBool>[] = [];
  if (filter.quotingPlatform !== undefined)
    conditions.push(sql<SqlBool>`q.quoting_platform = ${filter.quotingPlatform}`);
  if (filter.quoteMethod !== undefined) conditions.push(sql<SqlBool>`q.quote_method = ${filter.quoteMethod}`);
  if (filter.entitySourceId !== undefined)
    conditions.push(sql<SqlBool>`q.entity_source_id = ${filter.entitySourceId}`);
  if (filter.partnerCode !== undefined)
    conditions.push(sql<SqlBool>`lower(t.partner_code) = lower(${filter.partnerCode})`);
  return sql<SqlBool>`(a.line = 'PET' and exists (
    select 1 from policies p
    join quotes q on q.uuid = p.quote_uuid
    left join quote_tracking t on t.quote_uuid = q.uuid
    where p.policy_number = a.policy_number and ${sql.join(conditions, sql` and `)}))`;
}

export interface PolicyAttribution {
  quotingPlatform: string | null;
  quoteMethod: string | null;
  entitySourceId: number | null;
  partnerCode: string | null;
}

// The attribution of the quotes these pet policies were bought on, by policy number (one query per export
// batch); a policy it does not name has none.
export async function attributionOfPolicies(
  db: Db,
  policyNumbers: readonly string[],
): Promise<Map<string, PolicyAttribution>> {
  if (policyNumbers.length === 0) return new Map();
  const rows = await db
    .selectFrom('policies as p')
    .innerJoin('quotes as q', 'q.uuid', 'p.quote_uuid')
    .leftJoin('quote_tracking as t', 't.quote_uuid', 'q.uuid')
    .select([
      'p.policy_number',
      'q.quoting_platform',
      'q.quote_method',
      'q.entity_source_id',
      't.partner_code',
    ])
    .where('p.policy_number', 'in', [...policyNumbers])
    .execute();
  return new Map(
    rows.map((row) => [
      row.policy_number,
      {
        quotingPlatform: row.quoting_platform,
        quoteMethod: row.quote_method,
        entitySourceId: row.entity_source_id,
        partnerCode: row.partner_code,
      },
    ]),
  );
}
