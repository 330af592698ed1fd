export interface StepperProps {
  // The label of the progress navigation, e.g. "Quote progress".
  label: string;
  steps: readonly string[];
  // The index of the step the journey is at.
  current: number;
}

// Where a journey is: done steps ticked, the current one marked for assistive technology.
export function Stepper({ label, steps, current }: StepperProps) {
  return (
    <nav aria-label={label} className="mb-6" data-print-hide>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-2 text-sm">
        {steps.map((step, index) => {
          const done = index < current;
          const here = index === current;
          return (
            <li key={step} className="flex items-center gap-2" aria-current={here ? 'step' : undefined}>
              <span
                aria-hidden="true"
                className={`flex size-6 items-center justify-center rounded-full text-xs font-semibold ${
                  here
                    ? 'bg-indigo-600 text-white'
                    : done
                      ? 'bg-indigo-100 text-indigo-700'
                      : 'bg-slate-100 text-slate-500'
                }`}
              >
                {done ? '✓' : index + 1}
              </span>
              <span
                className={here ? 'font-semibold text-slate-900' : done ? 'text-slate-700' : 'text-slate-500'}
              >
                {step}
                {done && <span className="sr-only"> (done)</span>}
              </span>
              {index < steps.length - 1 && <span aria-hidden="true" className="mx-1 h-px w-6 bg-slate-300" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
