import { Link } from 'react-router-dom';
import { ApiError, errorMessage } from '../../api/httpErrors';
import { Alert } from '../feedback/Alert';

export interface PolicyLoadErrorProps {
  error: unknown;
  // What a 404 says: the policy is not there or not the caller's to see (scope answers 404 too).
  missing: string;
  back: { to: string; label: string };
}

// A policy screen whose record did not load, with the way back to the search.
export function PolicyLoadError({ error, missing, back }: PolicyLoadErrorProps) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <div className="mx-auto max-w-3xl">
      <Alert tone="error" title={notFound ? 'Policy not found' : 'The policy could not be loaded'}>
        {notFound ? missing : errorMessage(error)}{' '}
        <Link to={back.to} className="font-medium underline">
          {back.label}
        </Link>
      </Alert>
    </div>
  );
}
