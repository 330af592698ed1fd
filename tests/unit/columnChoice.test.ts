import { createColumnHelper } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { choosableColumns, columnChoice, visibleColumnIds } from '../../src/ui/table/columnChoice';

// Which columns a table shows for a ?cols= choice: the first column always, first; locked ones always;
// unknown ids ignored; the default written as no choice at all.
type Row = { a: string; b: string; c: string; d: string };
const column = createColumnHelper<Row>();
const all = choosableColumns([
  column.accessor('a', { header: 'A' }),
  column.accessor('b', { id: 'bee', header: 'B' }),
  column.accessor('c', { header: 'C' }),
  column.display({ id: 'actions', enableHiding: false, header: () => null }),
]);

describe('column choice', () => {
  it('names each column by its id and header, locking the first and those that may not hide', () => {
    expect(all).toEqual([
      { id: 'a', label: 'A', locked: true, pinned: true },
      { id: 'bee', label: 'B', locked: false, pinned: false },
      { id: 'c', label: 'C', locked: false, pinned: false },
      { id: 'actions', label: 'Actions', locked: true, pinned: false },
    ]);
  });

  it('shows every column without a choice, or with one naming nothing the table has', () => {
    const every = ['a', 'bee', 'c', 'actions'];
    expect(visibleColumnIds(all, null)).toEqual(every);
    expect(visibleColumnIds(all, ['nope', 'b'])).toEqual(every);
  });

  it('keeps the first column first and locked columns shown, in the order chosen', () => {
    expect(visibleColumnIds(all, ['c', 'a'])).toEqual(['a', 'c', 'actions']);
    expect(visibleColumnIds(all, ['actions', 'c', 'gone'])).toEqual(['a', 'actions', 'c']);
    expect(visibleColumnIds(all, ['a'])).toEqual(['a', 'actions']);
  });

  it('writes the default as no choice', () => {
    expect(columnChoice(all, ['a', 'bee', 'c', 'actions'])).toBeNull();
    expect(columnChoice(all, ['a', 'c', 'bee', 'actions'])).toEqual(['a', 'c', 'bee', 'actions']);
  });
});
