import type { ColumnDef } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { columnProblems, TABLE_COLUMNS } from '../../src/api/schemas/tableColumns';
import { TABLE_KEYS, type TableKey } from '../../src/api/schemas/tableViews';
import { bankAccountColumns } from '../../src/features/accounting/bankVerification/bankAccountColumns';
import { statementColumns } from '../../src/features/commission/statementColumns';
import { entityColumns } from '../../src/features/entities/entityColumns';
import { policyColumns } from '../../src/features/policies/search/policyColumns';
import { quoteColumns } from '../../src/features/quotes/search/quoteColumns';
import { rentersPolicyColumns } from '../../src/features/renters/search/rentersPolicyColumns';
import { statementReportColumns } from '../../src/features/reporting/statementReportColumns';
import { COLUMNS as roleColumns } from '../../src/features/roles/RoleSearchScreen';
import { COLUMNS as userColumns } from '../../src/features/users/UserSearchScreen';
import { choosableColumns } from '../../src/ui/table/columnChoice';

// The server checks a saved view's columns against TABLE_COLUMNS; the portal's tables are built from their
// column definitions. Here the two meet, so a column added, renamed or removed on one side alone fails.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types differ per column
type Definitions = readonly ColumnDef<never, any>[];

const statements = statementColumns({
  selected: new Set(),
  pageRows: [],
  onToggle: () => undefined,
  onTogglePage: () => undefined,
  onOpen: () => undefined,
  frequencyName: (code) => code ?? '',
  methodName: (code) => code ?? '',
});
const entities = entityColumns(new Map());

// Each table that offers saved views, with the definitions its screen passes to the table.
const DEFINITIONS: Record<TableKey, Definitions> = {
  policies: policyColumns() as Definitions,
  quotes: quoteColumns({ downloading: null, onPdf: () => undefined }) as Definitions,
  'renters-policies': rentersPolicyColumns() as Definitions,
  entities: entities as Definitions,
  'my-entities': entities as Definitions,
  roles: roleColumns as Definitions,
  users: userColumns as Definitions,
  'commission-review': statements as Definitions,
  'commission-payments': statements as Definitions,
  'statement-report': statementReportColumns as Definitions,
  'bank-accounts': bankAccountColumns() as Definitions,
};

describe('the columns of each table with saved views', () => {
  it.each(TABLE_KEYS)('%s: the table defines exactly the listed columns, in order', (table) => {
    const defined = choosableColumns(DEFINITIONS[table]);
    expect(defined.map((c) => c.id)).toEqual(TABLE_COLUMNS[table].ids);
    // Those the column chooser never hides are those a view must list.
    expect(defined.filter((c) => c.locked).map((c) => c.id)).toEqual(TABLE_COLUMNS[table].fixed);
  });

  it('lists every table key, each column once', () => {
    expect(Object.keys(TABLE_COLUMNS).sort()).toEqual([...TABLE_KEYS].sort());
    for (const { ids, fixed } of Object.values(TABLE_COLUMNS)) {
      expect(new Set(ids).size).toBe(ids.length);
      expect(fixed.every((id) => ids.includes(id))).toBe(true);
    }
  });
});

describe('columnProblems', () => {
  it('accepts the table’s columns in any order, with the fixed ones', () => {
    expect(columnProblems('quotes', ['actions', 'city', 'createdAt'])).toEqual([]);
    expect(columnProblems('quotes', [...TABLE_COLUMNS.quotes.ids])).toEqual([]);
  });

  it('names unknown, repeated and missing fixed columns', () => {
    expect(columnProblems('policies', ['policyNumber', 'petNmae'])).toEqual([
      'This table has no column petNmae.',
    ]);
    expect(columnProblems('policies', ['policyNumber', 'x', 'y', 'x'])).toEqual([
      'This table has no columns x, y.',
      'Each column may be listed once; repeated: x.',
    ]);
    expect(columnProblems('commission-review', ['month', 'amount', 'month'])).toEqual([
      'Each column may be listed once; repeated: month.',
      'The columns select, entityCode cannot be hidden.',
    ]);
    // A column of another table is not this table's.
    expect(columnProblems('users', ['userName', 'policyNumber'])).toEqual([
      'This table has no column policyNumber.',
    ]);
  });
});
