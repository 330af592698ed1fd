import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PageMeta } from '../../src/api/schemas/paging';
import { Pagination } from '../../src/ui/table/Pagination';

// The pager under a search's meta: an exact total names the last page; a capped one (PageMeta's
// totalCapped) reads "of 10,000+" and lets the user go on while pages come back full.
const render = (meta: PageMeta) => {
  const html = renderToStaticMarkup(createElement(Pagination, { meta, onPage: () => undefined }));
  const text = html.replace(/<[^>]+>/g, '');
  const next = /<button[^>]*>Next<\/button>/.exec(html)![0];
  return { text, nextDisabled: /\sdisabled=/.test(next) };
};

describe('Pagination', () => {
  it('names the exact total and the last page, and stops there', () => {
    expect(render({ page: { number: 1, limit: 10, from: 1, to: 10 }, total: 12 })).toEqual({
      text: 'Showing 1–10 of 12Page 1 of 2PreviousNext',
      nextDisabled: false,
    });
    expect(render({ page: { number: 2, limit: 10, from: 11, to: 12 }, total: 12 }).nextDisabled).toBe(true);
    expect(render({ page: { number: 1, limit: 10, from: 1, to: 10 }, total: 1234 }).text).toContain(
      'of 1,234',
    );
  });

  it('shows a capped total as a lower bound and keeps Next on while the page is full', () => {
    const capped = (number: number, from: number, to: number, total = 10_000) =>
      render({ page: { number, limit: 10, from, to }, total, totalCapped: true });
    expect(capped(1, 1, 10)).toEqual({
      text: 'Showing 1–10 of 10,000+Page 1PreviousNext',
      nextDisabled: false,
    });
    // Past the cap the total reaches the page's last row, and the user may still go on.
    expect(capped(1000, 9991, 10_000)).toEqual({
      text: 'Showing 9,991–10,000 of 10,000+Page 1,000PreviousNext',
      nextDisabled: false,
    });
    expect(capped(1001, 10_001, 10_010, 10_010).nextDisabled).toBe(false);
    // A page that comes back short is the end, capped or not.
    expect(capped(1002, 10_011, 10_015, 10_015).nextDisabled).toBe(true);
  });
});
