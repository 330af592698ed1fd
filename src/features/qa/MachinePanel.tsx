import { useMemo } from 'react';
import type { AnyStateMachine } from 'xstate';
import { StatechartSvg } from '../../ui/statechart/StatechartSvg';
import { layoutStatechart } from '../../ui/statechart/statechartLayout';
import { statechartModel } from '../../ui/statechart/statechartModel';
import { TransitionTable } from './TransitionTable';
import { machineTitle } from './machineTitle';

export interface MachinePanelProps {
  name: string;
  machine: AnyStateMachine;
}

// One statechart: its figures, its diagram (scrolling sideways in its own region when wider than the
// screen) and every transition as a table, the diagram's equivalent for keyboard and screen-reader users.
export function MachinePanel({ name, machine }: MachinePanelProps) {
  const model = useMemo(() => statechartModel(machine), [machine]);
  const diagram = useMemo(() => layoutStatechart(machine), [machine]);
  const title = machineTitle(name);
  const finals = diagram.nodes.filter((n) => n.kind === 'final').length;
  const figures = [
    { label: 'States', value: model.states.size - 1 },
    { label: 'Transitions', value: model.transitions.length },
    { label: 'Final states', value: finals },
  ];
  return (
    <section aria-labelledby={`machine-${name}`} className="space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={`machine-${name}`} className="text-lg font-semibold text-slate-900">
          {title} <span className="font-mono text-sm font-normal text-slate-600">{name}</span>
        </h2>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {figures.map((f) => (
            <div key={f.label} className="flex gap-2">
              <dt className="text-slate-600">{f.label}</dt>
              <dd className="font-semibold tabular-nums text-slate-900" data-figure={f.label}>
                {f.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <div
        role="region"
        aria-label={`Diagram of ${title}`}
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
      >
        <StatechartSvg diagram={diagram} idPrefix={`statechart-${name}`} title={`Statechart of ${title}`} />
      </div>
      <TransitionTable name={title} transitions={model.transitions} />
    </section>
  );
}
