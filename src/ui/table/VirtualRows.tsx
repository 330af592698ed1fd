import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

// A one-line row (py-3 around a text-sm line, and its border), until rows have been measured.
const ROW_ESTIMATE_PX = 45;
// Rows rendered beyond each edge of the box, so Tab and the arrow keys always find the next row there.
const OVERSCAN = 8;

export interface VirtualRowsProps {
  count: number;
  // The scroll box around the table (its header sticks to the box's top).
  scrollRef: RefObject<HTMLElement | null>;
  colSpan: number;
  // Body row `index`, with `measure` as its ref and `data-index={index}` on its <tr>.
  row(index: number, measure: (element: HTMLTableRowElement | null) => void): ReactNode;
  // A new page starts at its top.
  resetKey?: unknown;
}

// The body rows of a long table: only those in sight (and OVERSCAN either side) are in the DOM; a spacer
// above and below stands in for the rest, so the scroll bar is as long as the whole table.
export function VirtualRows({ count, scrollRef, colSpan, row, resetKey }: VirtualRowsProps) {
  // Rows not yet rendered are taken to be as tall as the rows measured so far, so the scroll bar is right and
  // End lands on the last row, also in a table whose rows hold two or three lines.
  const measured = useRef({ total: 0, rows: 0 });
  // eslint-disable-next-line react-hooks/incompatible-library -- the portal is not built with the React Compiler
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () =>
      measured.current.rows ? measured.current.total / measured.current.rows : ROW_ESTIMATE_PX,
    measureElement: (element, entry, instance) => {
      const size = measureElement(element, entry, instance);
      measured.current.total += size;
      measured.current.rows += 1;
      return size;
    },
    overscan: OVERSCAN,
  });
  // Keeping the rows in sight still while rows above them are measured would set scrollTop, which stops the
  // browser's own smooth scroll of End, Page Down or the wheel halfway: only do it once scrolling has ended.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = (item, _delta, instance) =>
    !instance.isScrolling && item.end <= (instance.scrollOffset ?? 0);
  useEffect(() => scrollRef.current?.scrollTo({ top: 0 }), [resetKey, scrollRef]);
  const items = virtualizer.getVirtualItems();
  const above = items[0]?.start ?? 0;
  const below = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <>
      {above > 0 && <Spacer height={above} colSpan={colSpan} />}
      {items.map((item) => row(item.index, virtualizer.measureElement))}
      {below > 0 && <Spacer height={below} colSpan={colSpan} />}
    </>
  );
}

// Hidden from screen readers: the table's aria-rowcount and each row's aria-rowindex say where they are.
function Spacer({ height, colSpan }: { height: number; colSpan: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={colSpan} style={{ height, padding: 0 }} />
    </tr>
  );
}
