import type { PageMeta } from '../../api/schemas/paging';

export interface PaginationProps {
  meta: PageMeta;
  onPage(page: number): void;
}

const count = (n: number) => n.toLocaleString('en-US');

// "Showing 11–20 of 57" with previous and next; the total comes from the server, not the visible rows. A
// large search counts only so far (PageMeta's totalCapped): "of 10,000+", no last page named, and Next stays
// on while the page is full, since more rows may follow.
export function Pagination({ meta, onPage }: PaginationProps) {
  const { number, limit, from, to } = meta.page;
  const capped = meta.totalCapped === true;
  const pages = Math.max(1, Math.ceil(meta.total / limit));
  const shown = from > 0 ? to - from + 1 : 0;
  const hasNext = capped ? shown >= limit : number < pages;
  const button =
    'rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-white';
  return (
    <nav
      aria-label="Pagination"
      className="flex items-center justify-between gap-4 px-1 py-3 text-sm text-slate-600"
    >
      <p aria-live="polite">
        {meta.total === 0 ? (
          'No results'
        ) : (
          <>
            Showing <span className="font-medium text-slate-900">{count(from)}</span>–
            <span className="font-medium text-slate-900">{count(to)}</span> of{' '}
            <span className="font-medium text-slate-900">
              {count(meta.total)}
              {capped && '+'}
            </span>
          </>
        )}
      </p>
      <div className="flex items-center gap-2">
        <span className="hidden sm:inline">
          {capped ? `Page ${count(number)}` : `Page ${count(Math.min(number, pages))} of ${count(pages)}`}
        </span>
        <button type="button" className={button} disabled={number <= 1} onClick={() => onPage(number - 1)}>
          Previous
        </button>
        <button type="button" className={button} disabled={!hasNext} onClick={() => onPage(number + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}
