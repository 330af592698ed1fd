import type { BankAccountRow, BankAccountSortField } from '../../../api/schemas/bankAccounts';
import type { SortOrder } from '../../../api/schemas/paging';
import type { EntityScope } from '../../access/principal';
import { fetchPage } from '../../store/paging';
import type { Db } from '../../store/db';
import { bankAccountOut } from './bankAccountView';

export interface BankAccountSearch {
  filter: { entityCode?: string | undefined; verified?: 'true' | 'false' | undefined };
  sort: BankAccountSortField;
  order: SortOrder;
  page: number;
  limit: number;
}

const SORT_COLUMNS = {
  verified_at: 'a.verified_at',
  entity_code: 'e.entity_code',
  entity_name: 'e.entity_name',
} as const satisfies Record<BankAccountSortField, string>;

// Attempts of the entities in the caller's scope, for the verification screen's list.
export async function searchBankAccounts(db: Db, scope: EntityScope, search: BankAccountSearch) {
  let query = db
    .selectFrom('entity_bank_accounts as a')
    .innerJoin('entities as e', 'e.id', 'a.entity_id')
    .selectAll('a')
    .select(['e.entity_code', 'e.entity_name']);
  if (scope.kind === 'subtree') query = query.where('e.path', 'like', `${scope.path}%`);
  const { entityCode, verified } = search.filter;
  // The schema lets through digits, letters and dashes only: nothing to escape in the prefix.
  if (entityCode) query = query.where('e.entity_code', 'like', `${entityCode}%`);
  if (verified) query = query.where('a.verified', '=', verified === 'true');
  query = query
    .orderBy(SORT_COLUMNS[search.sort], search.order)
    .orderBy('a.verified_at', 'desc')
    .orderBy('a.id');
  const { rows, meta } = await fetchPage(query, search.page, search.limit);
  const data: BankAccountRow[] = rows.map((row) => ({
    ...bankAccountOut(row),
    entity_code: row.entity_code,
    entity_name: row.entity_name,
  }));
  return { data, meta };
}
