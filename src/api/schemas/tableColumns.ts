import type { TableKey } from './tableViews';

// The columns a user may choose in each table that offers saved views (docs/decisions/011), in the order the
// table defines them. One list for both sides: the portal's column definitions name exactly these ids (a
// unit test compares them), and the server refuses a saved view whose columns are not the table's.
export interface TableColumns {
  ids: readonly string[];
  // Columns that cannot be hidden: the first (the row's link or selection) and any the table defines with
  // `enableHiding: false` (a row's actions, the statement's entity that opens it).
  fixed: readonly string[];
}

const ENTITY_COLUMNS: TableColumns = {
  ids: ['entityCode', 'entityName', 'typeCode', 'statusCode', 'parentEntityCode', 'stateCode', 'childCount'],
  fixed: ['entityCode'],
};

const STATEMENT_COLUMNS: TableColumns = {
  ids: [
    'select',
    'entityCode',
    'month',
    'status',
    'amount',
    'paymentTotal',
    'payout',
    'paidOn',
    'reviewedAt',
  ],
  fixed: ['select', 'entityCode'],
};

export const TABLE_COLUMNS: Readonly<Record<TableKey, TableColumns>> = {
  policies: {
    ids: [
      'policyNumber',
      'petName',
      'statusCode',
      'fullName',
      'stateCode',
      'purchaseDate',
      'effectiveDate',
      'entityCode',
    ],
    fixed: ['policyNumber'],
  },
  quotes: {
    ids: [
      'createdAt',
      'customerName',
      'city',
      'stateCode',
      'petNames',
      'referringEntity',
      'purchasedAt',
      'actions',
    ],
    fixed: ['createdAt', 'actions'],
  },
  'renters-policies': {
    ids: ['full_name', 'policy_number', 'phone_number', 'state', 'sold_on', 'effective_at', 'status'],
    fixed: ['full_name'],
  },
  entities: ENTITY_COLUMNS,
  'my-entities': ENTITY_COLUMNS,
  roles: {
    ids: ['name', 'description', 'privilege_count', 'user_count', 'updatedAt'],
    fixed: ['name'],
  },
  users: {
    ids: ['userName', 'emailAddress', 'phoneNumber', 'entityCode', 'roles', 'is_enabled', 'updatedAt'],
    fixed: ['userName'],
  },
  'commission-review': STATEMENT_COLUMNS,
  'commission-payments': STATEMENT_COLUMNS,
  'statement-report': {
    ids: [
      'month',
      'entityCode',
      'stateCode',
      'lineCount',
      'amount',
      'overrideTotal',
      'paymentTotal',
      'reviewStatus',
    ],
    fixed: ['month'],
  },
  'bank-accounts': {
    ids: ['entity_code', 'account_last4', 'holder_name', 'status', 'verified_at'],
    fixed: ['entity_code'],
  },
};

const named = (ids: readonly string[]) => ids.join(', ');

// Why a view's visible columns do not fit its table (each problem once, naming the ids), or none. The order
// is the user's; only which ids are listed is checked.
export function columnProblems(table: TableKey, columns: readonly string[]): string[] {
  const { ids, fixed } = TABLE_COLUMNS[table];
  const problems: string[] = [];
  const unknown = [...new Set(columns.filter((id) => !ids.includes(id)))];
  if (unknown.length > 0) {
    problems.push(
      unknown.length === 1
        ? `This table has no column ${unknown[0]}.`
        : `This table has no columns ${named(unknown)}.`,
    );
  }
  const repeated = [...new Set(columns.filter((id, i) => columns.indexOf(id) !== i))];
  if (repeated.length > 0) problems.push(`Each column may be listed once; repeated: ${named(repeated)}.`);
  const hidden = fixed.filter((id) => !columns.includes(id));
  if (hidden.length > 0) {
    problems.push(
      hidden.length === 1
        ? `The column ${hidden[0]} cannot be hidden.`
        : `The columns ${named(hidden)} cannot be hidden.`,
    );
  }
  return problems;
}
