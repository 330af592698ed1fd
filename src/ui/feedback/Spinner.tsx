export interface SpinnerProps {
  label: string;
}

export function Spinner({ label }: SpinnerProps) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-sm text-slate-500">
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-indigo-500 border-r-transparent"
      />
      {label}
    </div>
  );
}
