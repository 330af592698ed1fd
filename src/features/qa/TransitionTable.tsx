import type { TransitionInfo } from '../../ui/statechart/statechartModel';

export interface TransitionTableProps {
  name: string;
  transitions: readonly TransitionInfo[];
}

const cell = 'px-3 py-2 align-top';
const stateName = (id: string) => id || '(root)';

// Every transition of a statechart, in definition order: what the diagram shows, as text.
export function TransitionTable({ name, transitions }: TransitionTableProps) {
  // Focusable: on a narrow screen the table scrolls sideways, and the keyboard must be able to scroll it.
  return (
    <div
      role="region"
      aria-label={`Transitions of ${name}, as a table`}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Transitions of {name}</caption>
        <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className={cell}>
              Source
            </th>
            <th scope="col" className={cell}>
              Event
            </th>
            <th scope="col" className={cell}>
              Guard
            </th>
            <th scope="col" className={cell}>
              Target
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 font-mono text-xs text-slate-800">
          {transitions.map((t) => (
            <tr key={t.key} data-transition={t.key}>
              <td className={cell}>{stateName(t.source)}</td>
              <td className={cell}>{t.event}</td>
              <td className={cell}>{t.guard ?? <span className="text-slate-500">—</span>}</td>
              <td className={cell}>
                {t.targets.length ? (
                  t.targets.map(stateName).join(', ')
                ) : (
                  <span className="text-slate-600">stays in {stateName(t.source)}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
