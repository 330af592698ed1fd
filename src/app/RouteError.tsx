import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { errorMessage, messageForStatus } from '../api/httpErrors';
import { ErrorScreen } from '../ui/screens/ErrorScreen';
import { NotFoundScreen } from '../ui/screens/NotFoundScreen';

// Renders in place of a screen whose loader or render failed: a 404 for impossible ids, else an error.
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  console.error('A screen failed.', error);
  return (
    <ErrorScreen
      message={isRouteErrorResponse(error) ? messageForStatus(error.status) : errorMessage(error)}
    />
  );
}
