import type { ReactNode } from 'react';
import { errorMessage, ValidationError } from '../../api/httpErrors';
import { Alert } from '../feedback/Alert';
import type { DownloadNotice } from '../feedback/useFileDownloads';

export interface SearchFeedbackProps {
  notice: DownloadNotice;
  error: unknown;
  // The results, shown when the search did not fail.
  children: ReactNode;
}

// Under a search's filters: how the last download ended, then either the results or why there are none.
// A refused filter is shown under its field, so here it only points there.
export function SearchFeedback({ notice, error, children }: SearchFeedbackProps) {
  const invalid = error instanceof ValidationError;
  return (
    <>
      {notice && (
        <div className="mb-4">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      )}
      {error ? (
        <Alert tone="error" title={invalid ? 'Check the filters' : 'The search failed'}>
          {invalid ? 'Correct the filters marked above and search again.' : errorMessage(error)}
        </Alert>
      ) : (
        children
      )}
    </>
  );
}
