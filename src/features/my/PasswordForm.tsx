import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { changeMyPassword } from '../../api/calls/mySettings';
import { errorMessage, fieldErrorsOf } from '../../api/httpErrors';
import { PASSWORD_MIN } from '../../api/schemas/auth';
import { Alert } from '../../ui/feedback/Alert';
import { Button } from '../../ui/forms/Button';
import { TextField } from '../../ui/forms/TextField';
import { useDirtyForm } from '../../ui/forms/unsavedChanges';

const EMPTY = { currentPassword: '', password: '', passwordConfirmation: '' };

// Changing one's own password needs the current one; every other session of the user ends with it.
export function PasswordForm({ email }: { email: string }) {
  const [values, setValues] = useState(EMPTY);
  const dirty = useDirtyForm();
  const change = useMutation({
    mutationFn: changeMyPassword,
    onSuccess: () => {
      setValues(EMPTY);
      dirty.markClean();
    },
  });
  const errors = fieldErrorsOf(change.error);
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (change.isSuccess) change.reset();
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change.mutate(values);
  }

  return (
    <form
      {...dirty.formProps}
      onSubmit={submit}
      aria-labelledby="password-title"
      className="max-w-md space-y-6"
      noValidate
    >
      <div>
        <h2 id="password-title" className="text-base font-semibold text-slate-900">
          Change your password
        </h2>
        <p className="mt-1 text-sm text-slate-500">
          You stay signed in here; every other browser or device signed in as you is signed out.
        </p>
      </div>
      {change.isSuccess && (
        <Alert tone="success">
          <span data-testid="password-changed">{change.data}</span>
        </Alert>
      )}
      {change.isError && Object.keys(errors).length === 0 && (
        <Alert tone="error">{errorMessage(change.error)}</Alert>
      )}
      {/* Lets password managers file the new password under the right account. */}
      <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
      <TextField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        value={values.currentPassword}
        onChange={set('currentPassword')}
        errors={errors.currentPassword}
      />
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={`At least ${PASSWORD_MIN} characters.`}
        value={values.password}
        onChange={set('password')}
        errors={errors.password}
      />
      <TextField
        label="Confirm new password"
        name="passwordConfirmation"
        type="password"
        autoComplete="new-password"
        required
        value={values.passwordConfirmation}
        onChange={set('passwordConfirmation')}
        errors={errors.passwordConfirmation}
      />
      <div className="flex justify-end border-t border-slate-200 pt-4">
        <Button type="submit" busy={change.isPending}>
          Change password
        </Button>
      </div>
    </form>
  );
}
