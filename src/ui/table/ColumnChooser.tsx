import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useEffect, useRef, useState } from 'react';
import { columnChoice, visibleColumnIds, type ChoosableColumn } from './columnChoice';

export interface ColumnChooserProps {
  columns: readonly ChoosableColumn[];
  // The URL's choice (null: every column).
  chosen: readonly string[] | null;
  onChange(columns: string[] | null): void;
}

const moveButton =
  'rounded px-1.5 py-0.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:text-slate-200 disabled:hover:bg-transparent';

// "Columns": which of a table's columns show and in what order, as checkboxes with move up / move down.
// The first column (the row's link) stays first, and locked columns stay shown, so a row can always be
// opened and acted on. Every change goes straight into the URL, so a copied link or a reload shows the same
// columns.
export function ColumnChooser({ columns, chosen, onChange }: ColumnChooserProps) {
  const visible = visibleColumnIds(columns, chosen);
  const byId = new Map(columns.map((c) => [c.id, c]));
  const listed = [...visible.map((id) => byId.get(id)!), ...columns.filter((c) => !visible.includes(c.id))];
  const movable = visible.filter((id) => !byId.get(id)!.pinned);
  const [announcement, setAnnouncement] = useState('');
  // A moved row is re-inserted in the list, which takes focus from its button: give it back once the new
  // order (from the URL) is on screen.
  const refocus = useRef<{ id: string; up: boolean } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const order = visible.join(',');

  useEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const same = buttons.current.get(`${target.id}:${target.up ? 'up' : 'down'}`);
    const other = buttons.current.get(`${target.id}:${target.up ? 'down' : 'up'}`);
    (same && !same.disabled ? same : other)?.focus();
  }, [order]);

  // The order as last chosen here: the URL (and `visible`) catch up a render later, and a quick second
  // press (Enter, Enter on "Move up") must move on from the first one's result, not repeat it.
  const latest = useRef(visible);
  useEffect(() => {
    latest.current = visible;
    // `order` stands for `visible`, whose array is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order]);

  const set = (next: string[]) => {
    latest.current = next;
    onChange(columnChoice(columns, next));
  };
  const toggle = (column: ChoosableColumn) => {
    const now = latest.current;
    const shown = now.includes(column.id);
    set(shown ? now.filter((id) => id !== column.id) : [...now, column.id]);
    setAnnouncement(`${column.label} ${shown ? 'hidden' : 'shown'}.`);
  };
  const move = (column: ChoosableColumn, up: boolean) => {
    const now = latest.current;
    const from = now.indexOf(column.id);
    const to = from + (up ? -1 : 1);
    const other = byId.get(now[to] ?? '');
    if (from < 0 || !other || other.pinned) return;
    const next = [...now];
    [next[from], next[to]] = [next[to]!, next[from]!];
    refocus.current = { id: column.id, up };
    set(next);
    setAnnouncement(`${column.label} moved to position ${to + 1} of ${now.length}.`);
  };

  return (
    <Popover className="relative">
      <PopoverButton className="inline-flex items-center gap-2 rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
        Columns
        <span className="text-xs font-normal text-slate-500">
          {visible.length} of {columns.length}
        </span>
      </PopoverButton>
      {/* Not anchored: an anchored panel is portalled, and Headless UI then surrounds it with focus sentinels
          that are hidden from assistive technology yet focusable (axe: aria-hidden-focus). In place, after
          its button, the panel is next in the Tab order by itself. */}
      <PopoverPanel
        focus
        aria-label="Choose columns"
        className="absolute right-0 z-40 mt-1.5 w-72 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg"
      >
        <p className="mb-2 text-xs text-slate-500">
          Tick the columns to show; move them to change the order.
        </p>
        <ul className="space-y-0.5" aria-label="Columns">
          {listed.map((column) => {
            const shown = visible.includes(column.id);
            const position = movable.indexOf(column.id);
            const id = `column-choice-${column.id}`;
            return (
              <li key={column.id} className="flex items-center gap-2 rounded px-1 py-1 hover:bg-slate-50">
                <input
                  id={id}
                  type="checkbox"
                  checked={shown}
                  disabled={column.locked}
                  onChange={() => toggle(column)}
                  className="size-4 rounded border-slate-300 accent-indigo-600 disabled:opacity-50"
                />
                <label htmlFor={id} className={`flex-1 ${shown ? 'text-slate-800' : 'text-slate-500'}`}>
                  {column.label}
                  {column.locked && <span className="text-xs text-slate-500"> (always shown)</span>}
                </label>
                {shown && !column.pinned && (
                  <span className="flex">
                    <button
                      type="button"
                      ref={(el) => void (el && buttons.current.set(`${column.id}:up`, el))}
                      aria-label={`Move ${column.label} up`}
                      disabled={position <= 0}
                      onClick={() => move(column, true)}
                      className={moveButton}
                    >
                      <span aria-hidden="true">↑</span>
                    </button>
                    <button
                      type="button"
                      ref={(el) => void (el && buttons.current.set(`${column.id}:down`, el))}
                      aria-label={`Move ${column.label} down`}
                      disabled={position === movable.length - 1}
                      onClick={() => move(column, false)}
                      className={moveButton}
                    >
                      <span aria-hidden="true">↓</span>
                    </button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
        <div className="mt-2 flex items-center justify-between border-t border-slate-100 pt-2">
          <button
            type="button"
            onClick={() => {
              onChange(null);
              setAnnouncement('Every column shown in its usual order.');
            }}
            disabled={chosen === null}
            className="text-sm font-medium text-indigo-700 hover:underline disabled:text-slate-400 disabled:no-underline"
          >
            Reset columns
          </button>
        </div>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </PopoverPanel>
    </Popover>
  );
}
