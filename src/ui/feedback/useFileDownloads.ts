import { useCallback, useRef, useState } from 'react';
import type { DownloadProgress } from '../../api/download';
import { errorMessage } from '../../api/httpErrors';

export type DownloadNotice = { tone: 'error' | 'success' | 'info'; text: string } | null;

// What a download hands back: the file's name, and for a CSV file the data rows it holds.
export interface FinishedDownload {
  filename: string;
  rows?: number | null;
}

// Starts the download: report progress through onProgress and stop when the signal aborts (Cancel).
export type FileFetch = (
  onProgress: (progress: DownloadProgress) => void,
  signal: AbortSignal,
) => Promise<FinishedDownload>;

const rowCount = (rows: number) => `${rows.toLocaleString('en-US')} row${rows === 1 ? '' : 's'}`;

export function downloadedText(file: FinishedDownload): string {
  const rows = file.rows ?? null;
  return rows === null
    ? `${file.filename} was downloaded.`
    : `${file.filename} was downloaded: ${rowCount(rows)}.`;
}

// Downloads started from a screen (an export, a row's document): which one is running and how far it got,
// and a notice of how the last one ended (with the rows a CSV file holds), so the button shows progress and
// the agent learns of a failure. `running` is the latest download still under way and `progress` its
// progress; Cancel calls cancel(key).
export function useFileDownloads() {
  const [active, setActive] = useState<readonly string[]>([]);
  const [progressOf, setProgressOf] = useState<Readonly<Record<string, DownloadProgress>>>({});
  const [notice, setNotice] = useState<DownloadNotice>(null);
  const controllers = useRef(new Map<string, AbortController>());

  // Stable across renders (it only sets state), so memoised columns can hold it.
  const download = useCallback(async function download(
    key: string,
    failure: string,
    fetchFile: FileFetch,
    announce = true,
  ): Promise<void> {
    const controller = new AbortController();
    controllers.current.set(key, controller);
    setActive((keys) => [...keys.filter((k) => k !== key), key]);
    setNotice(null);
    const onProgress = (progress: DownloadProgress) => {
      if (!controller.signal.aborted) setProgressOf((all) => ({ ...all, [key]: progress }));
    };
    try {
      const file = await fetchFile(onProgress, controller.signal);
      if (announce) setNotice({ tone: 'success', text: downloadedText(file) });
    } catch (error) {
      setNotice(
        controller.signal.aborted
          ? { tone: 'info', text: 'The download was cancelled; no file was saved.' }
          : { tone: 'error', text: `${failure} ${errorMessage(error)}` },
      );
    } finally {
      // The same key started again meanwhile owns the state now.
      if (controllers.current.get(key) === controller) {
        controllers.current.delete(key);
        setActive((keys) => keys.filter((k) => k !== key));
        setProgressOf(({ [key]: _done, ...rest }) => rest);
      }
    }
  }, []);

  // Stops the download under this key; its notice says it was cancelled.
  const cancel = useCallback((key: string) => controllers.current.get(key)?.abort(), []);

  // Several may run at once (a row's PDF during an export): ask after one by its key.
  const isRunning = (key: string) => active.includes(key);
  const progressFor = (key: string): DownloadProgress | null => progressOf[key] ?? null;
  const running = active[active.length - 1] ?? null;
  const progress = running === null ? null : progressFor(running);
  return { running, progress, notice, download, cancel, isRunning, progressFor };
}
