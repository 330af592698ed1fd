export interface SkeletonRowsProps {
  columns: number;
  rows: number;
}

// Bars of varied width, so the placeholder reads as a table of text rather than a grid of blocks.
const WIDTHS = ['w-16', 'w-20', 'w-12', 'w-24', 'w-14', 'w-20'];

// Placeholder rows while a table's first page loads: pulsing bars where the cells will be, hidden from
// screen readers, which hear "Loading…" instead (the table is aria-busy meanwhile). A later page keeps the
// previous rows, dimmed, until the new ones arrive.
export function SkeletonRows({ columns, rows }: SkeletonRowsProps) {
  return (
    <>
      <tr className="sr-only">
        <td colSpan={columns}>Loading…</td>
      </tr>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} aria-hidden="true" data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, cell) => (
            <td key={cell} className="px-4 py-3.5">
              <span
                className={`block h-3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none ${
                  WIDTHS[(row + cell * 2) % WIDTHS.length]
                }`}
              />
              {cell === 0 && (
                <span className="mt-1.5 block h-2.5 w-16 animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
              )}
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
