export interface SelectAllBannerProps {
  // Rows on this page, and rows the filter matches on every page.
  pageCount: number;
  total: number;
  // "statement" / "statements".
  noun: { one: string; many: string };
  // Every matching row is selected, not just this page.
  allMatching: boolean;
  onSelectAll(): void;
  onClear(): void;
}

const count = (n: number) => n.toLocaleString('en-US');
// "All 10 statements … are selected" / "The 1 statement … is selected".
const all = (n: number, noun: { one: string; many: string }, where: string) =>
  n === 1 ? `The 1 ${noun.one} ${where} is selected.` : `All ${count(n)} ${noun.many} ${where} are selected.`;

// The select-all pattern of a paged table: once the whole page is ticked, offer every row the filter
// matches (on all pages); once those are chosen, say so and offer to clear. Shown above the table header.
export function SelectAllBanner(props: SelectAllBannerProps) {
  const { pageCount, total, noun, allMatching, onSelectAll, onClear } = props;
  const link = 'font-semibold text-indigo-700 underline-offset-2 hover:underline';
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 border-b border-indigo-100 bg-indigo-50 px-4 py-2 text-sm text-indigo-900"
    >
      {allMatching ? (
        <>
          <span>{all(total, noun, 'matching the filters')}</span>
          <button type="button" onClick={onClear} className={link}>
            Clear selection
          </button>
        </>
      ) : (
        <>
          <span>{all(pageCount, noun, 'on this page')}</span>
          <button type="button" onClick={onSelectAll} className={link}>
            Select all {count(total)} matching {noun.many}
          </button>
        </>
      )}
    </div>
  );
}
