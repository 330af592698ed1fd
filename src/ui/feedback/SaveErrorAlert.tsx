import { ApiError, errorMessage, fieldErrorsOf } from '../../api/httpErrors';
import { Alert } from './Alert';

export interface SaveErrorAlertProps {
  error: unknown;
  // "the role", "the user": what a 409 asks the user to reload.
  record: string;
  onReload(): void;
}

// Why a save failed: field messages sit under their fields, so this points at them; a 409 means someone
// else saved first, so it offers to reload the record instead of overwriting their change.
export function SaveErrorAlert({ error, record, onReload }: SaveErrorAlertProps) {
  const hasFieldErrors = Object.keys(fieldErrorsOf(error)).length > 0;
  const conflict = error instanceof ApiError && error.status === 409;
  return (
    <Alert tone="error">
      {hasFieldErrors ? 'Check the fields marked below.' : errorMessage(error)}{' '}
      {conflict && (
        <button type="button" className="font-semibold underline" onClick={onReload}>
          Reload {record}
        </button>
      )}
    </Alert>
  );
}
