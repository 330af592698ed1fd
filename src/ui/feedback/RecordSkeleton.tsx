export interface RecordSkeletonProps {
  // Read to assistive technology in place of the grey shapes ("Loading the policy…").
  label: string;
}

const bar = 'animate-pulse rounded bg-slate-200/80';

// The shape of a record screen (title, a row of tabs, two cards of fields) while its data loads, so the page
// does not jump when it arrives; a spinner would say "wait" without saying what for.
export function RecordSkeleton({ label }: RecordSkeletonProps) {
  return (
    <div role="status" aria-live="polite" className="mx-auto max-w-6xl" data-testid="record-skeleton">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true">
        <div className={`${bar} h-3 w-24`} />
        <div className={`${bar} mt-3 h-7 w-72 max-w-full`} />
        <div className={`${bar} mt-2 h-4 w-96 max-w-full`} />
        <div className="mt-8 flex gap-6 border-b border-slate-200 pb-3">
          {[20, 28, 16, 24].map((w) => (
            <div key={w} className={`${bar} h-4`} style={{ width: `${w * 4}px` }} />
          ))}
        </div>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          {[0, 1].map((card) => (
            <div key={card} className="space-y-4 rounded-lg border border-slate-200 bg-white p-6">
              <div className={`${bar} h-4 w-32`} />
              {[0, 1, 2, 3].map((line) => (
                <div key={line} className="space-y-2">
                  <div className={`${bar} h-3 w-20`} />
                  <div className={`${bar} h-4 w-full`} />
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
