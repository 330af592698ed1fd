import type { DownloadProgress as Progress } from '../../api/download';
import { Button } from '../forms/Button';

export interface DownloadProgressProps {
  // How far the file has come; null until the server has counted the rows and started sending.
  progress: Progress | null;
  // What is running, as a verb: "Exporting".
  doing?: string;
  onCancel(): void;
}

const count = (n: number) => n.toLocaleString('en-US');

export function progressLabel(doing: string, progress: Progress | null): string {
  if (!progress) return `${doing}: counting the rows…`;
  const { rows, totalRows } = progress;
  return totalRows === null
    ? `${doing} ${count(rows)} rows`
    : `${doing} ${count(Math.min(rows, totalRows))} of ${count(totalRows)} rows`;
}

// While an export streams: a bar filled to the rows received of the rows the server announced (moving
// without a figure when it announced none), and Cancel, which stops the download and saves nothing.
export function DownloadProgress({ progress, doing = 'Exporting', onCancel }: DownloadProgressProps) {
  const label = progressLabel(doing, progress);
  const total = progress?.totalRows ?? null;
  const determinate = progress !== null && total !== null;
  const now = determinate ? Math.min(progress.rows, total) : undefined;
  // An empty file is complete as soon as it starts.
  const percent = determinate ? (total === 0 ? 100 : Math.round(((now ?? 0) / total) * 100)) : 0;
  return (
    <div
      role="status"
      aria-label="Download progress"
      className="rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-900"
    >
      <div className="flex items-center justify-between gap-4">
        <p>{label}</p>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={determinate ? total : undefined}
        aria-valuenow={now}
        aria-valuetext={determinate ? `${count(now ?? 0)} of ${count(total)} rows` : undefined}
        className="mt-2 h-2 overflow-hidden rounded-full bg-indigo-100"
      >
        {determinate ? (
          <div
            className="h-full rounded-full bg-indigo-600 transition-all"
            style={{ width: `${percent}%` }}
          />
        ) : (
          <div className="h-full w-1/3 animate-progress rounded-full bg-indigo-600" />
        )}
      </div>
    </div>
  );
}
