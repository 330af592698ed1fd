import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { resetPassword } from '../../api/calls/passwordReset';
import { ValidationError, errorMessage } from '../../api/httpErrors';
import { PASSWORD_MIN } from '../../api/schemas/auth';
import { Alert } from '../../ui/feedback/Alert';
import { Button } from '../../ui/forms/Button';
import { TextField } from '../../ui/forms/TextField';

export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const [password, setPassword] = useState('');
  const [passwordConfirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; fields: Record<string, string[]> } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setDone(await resetPassword({ email, password, passwordConfirmation, token }));
    } catch (e) {
      setError({ message: errorMessage(e), fields: e instanceof ValidationError ? e.fields : {} });
    } finally {
      setBusy(false);
    }
  }

  if (!token || !email) {
    return (
      <>
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">Reset your password</h1>
        <div className="mt-4">
          <Alert tone="error">
            This reset link is incomplete. Request a new one and use the link in that email.
          </Alert>
        </div>
        <Link
          to="/forgot-password"
          className="mt-6 inline-block text-sm font-medium text-indigo-600 hover:text-indigo-500"
        >
          Request a new link
        </Link>
      </>
    );
  }

  if (done !== null) {
    return (
      <>
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">Password changed</h1>
        <div className="mt-4">
          <Alert tone="success">
            <p data-testid="reset-confirmation">{done || 'Your password has been reset.'}</p>
          </Alert>
        </div>
        <Link
          to="/login"
          className="mt-6 inline-block text-sm font-medium text-indigo-600 hover:text-indigo-500"
        >
          Sign in with your new password
        </Link>
      </>
    );
  }

  // Messages about the link itself (token, email) have no field on this form, so they lead the page.
  const linkMessages = [...(error?.fields.token ?? []), ...(error?.fields.email ?? [])];
  const hasFieldErrors = !!(error?.fields.password || error?.fields.passwordConfirmation);
  return (
    <>
      <h1 id="reset-title" className="text-xl font-semibold tracking-tight text-slate-900">
        Choose a new password
      </h1>
      <p className="mt-1 text-sm text-slate-500">
        For <span className="font-medium text-slate-700">{email}</span>
      </p>
      <form className="mt-6 space-y-4" onSubmit={submit} aria-labelledby="reset-title">
        {error && (linkMessages.length > 0 || !hasFieldErrors) && (
          <Alert tone="error">
            {linkMessages.length ? linkMessages.map((m) => <p key={m}>{m}</p>) : error.message}
          </Alert>
        )}
        <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters.`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          errors={error?.fields.password}
        />
        <TextField
          label="Confirm new password"
          name="passwordConfirmation"
          type="password"
          autoComplete="new-password"
          required
          value={passwordConfirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          errors={error?.fields.passwordConfirmation}
        />
        <div className="flex justify-end pt-2">
          <Button type="submit" busy={busy}>
            Change password
          </Button>
        </div>
      </form>
    </>
  );
}
