import { useCallback, useState } from 'react';
import { errorMessage } from '../../api/httpErrors';

export type DownloadNotice = { tone: 'error' | 'success'; text: string } | null;

// Downloads started from a screen (an export, a row's document): which one is running, and a notice of how
// the last one ended, so the button shows progress and the agent learns of a failure.
export function useFileDownloads() {
  const [running, setRunning] = useState<string | null>(null);
  const [notice, setNotice] = useState<DownloadNotice>(null);

  // Stable across renders (it only sets state), so memoised columns can hold it.
  const download = useCallback(async function download(
    key: string,
    failure: string,
    fetchFile: () => Promise<{ filename: string }>,
    announce = true,
  ): Promise<void> {
    setRunning(key);
    setNotice(null);
    try {
      const file = await fetchFile();
      if (announce) setNotice({ tone: 'success', text: `${file.filename} was downloaded.` });
    } catch (error) {
      setNotice({ tone: 'error', text: `${failure} ${errorMessage(error)}` });
    } finally {
      setRunning(null);
    }
  }, []);

  return { running, notice, download };
}
