import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { anyOf } from '../../api/access';
import { sendUserPasswordReset, setUserPassword } from '../../api/calls/users';
import { errorMessage, fieldErrorsOf } from '../../api/httpErrors';
import { PASSWORD_MIN } from '../../api/schemas/auth';
import type { User } from '../../api/schemas/users';
import { Alert } from '../../ui/feedback/Alert';
import { Button } from '../../ui/forms/Button';
import { TextField } from '../../ui/forms/TextField';
import { useAccess } from '../../ui/useAccess';
import { useDirtyForm } from '../../ui/forms/unsavedChanges';

// A user's password: set by hand (user_assign_passwd), which signs the user out everywhere, or a mailed reset
// link (admin_user_edit), which changes nothing until it is used.
export function UserPasswordPanel({ user, self }: { user: User; self: boolean }) {
  const { can } = useAccess();
  if (self) {
    return (
      <p className="text-sm text-slate-600">
        Change your own password in{' '}
        <Link to="/my/settings?tab=password" className="font-medium text-indigo-700 hover:underline">
          My settings
        </Link>
        .
      </p>
    );
  }
  if (!user.is_enabled) {
    return (
      <p className="text-sm text-slate-600">
        The user is inactive. Reactivate them to manage their password.
      </p>
    );
  }
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      {can(anyOf('user_assign_passwd')) && <SetPasswordForm user={user} />}
      {can(anyOf('admin_user_edit')) && <ResetLink user={user} />}
    </div>
  );
}

function SetPasswordForm({ user }: { user: User }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const dirty = useDirtyForm();
  const set = useMutation({
    mutationFn: () => setUserPassword(user.id, { password, password_confirmation: confirmation }),
    onSuccess: () => {
      setPassword('');
      setConfirmation('');
      dirty.markClean();
    },
  });
  const errors = fieldErrorsOf(set.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    set.mutate();
  }

  return (
    <form
      {...dirty.formProps}
      onSubmit={submit}
      aria-labelledby="set-password-title"
      className="space-y-4"
      noValidate
    >
      <div>
        <h2 id="set-password-title" className="text-base font-semibold text-slate-900">
          Set a password
        </h2>
        <p className="mt-1 text-sm text-slate-500">
          The user is signed out everywhere and signs in with this one.
        </p>
      </div>
      {set.isSuccess && <Alert tone="success">{set.data}</Alert>}
      {set.isError && !Object.keys(errors).length && <Alert tone="error">{errorMessage(set.error)}</Alert>}
      <input type="hidden" name="username" autoComplete="off" value={user.email} readOnly />
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN}
        hint={`At least ${PASSWORD_MIN} characters.`}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        errors={errors.password}
      />
      <TextField
        label="Confirm new password"
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
        errors={errors.password_confirmation}
      />
      <div className="flex justify-end">
        <Button type="submit" busy={set.isPending}>
          Set password
        </Button>
      </div>
    </form>
  );
}

function ResetLink({ user }: { user: User }) {
  const send = useMutation({ mutationFn: () => sendUserPasswordReset(user.id) });
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-base font-semibold text-slate-900">E-mail a reset link</h2>
        <p className="mt-1 text-sm text-slate-500">
          {user.email} gets a link to choose a new password, valid 60 minutes. Their current password keeps
          working until then.
        </p>
      </div>
      {send.isSuccess && <Alert tone="success">{send.data}</Alert>}
      {send.isError && <Alert tone="error">{errorMessage(send.error)}</Alert>}
      <Button variant="secondary" busy={send.isPending} onClick={() => send.mutate()}>
        Send reset link
      </Button>
    </div>
  );
}
