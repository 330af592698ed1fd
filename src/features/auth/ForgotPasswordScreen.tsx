import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { requestPasswordReset } from '../../api/calls/passwordReset';
import { ValidationError, errorMessage } from '../../api/httpErrors';
import { Alert } from '../../ui/feedback/Alert';
import { Button } from '../../ui/forms/Button';
import { TextField } from '../../ui/forms/TextField';

export function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string[]> } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // The mailed link comes back to this portal's /reset-password. The answer is the same whether
      // or not the account exists, so the screen says only what is true either way.
      await requestPasswordReset({ email: email.trim(), redirectURL: window.location.origin });
      setSent(true);
    } catch (e) {
      setError({ message: errorMessage(e), fields: e instanceof ValidationError ? e.fields : {} });
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <>
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">Check your email</h1>
        <div className="mt-4">
          <Alert tone="success">
            <p data-testid="forgot-confirmation">
              If an account exists for {email.trim()}, we have sent it a link to choose a new password.
            </p>
          </Alert>
        </div>
        <Link
          to="/login"
          className="mt-6 inline-block text-sm font-medium text-indigo-600 hover:text-indigo-500"
        >
          Back to sign in
        </Link>
      </>
    );
  }

  return (
    <>
      <h1 id="forgot-title" className="text-xl font-semibold tracking-tight text-slate-900">
        Reset your password
      </h1>
      <p className="mt-1 text-sm text-slate-500">
        Enter the email address of your account and we will send you a link to choose a new password.
      </p>
      <form className="mt-6 space-y-4" onSubmit={submit} aria-labelledby="forgot-title">
        {error && !error.fields.email && <Alert tone="error">{error.message}</Alert>}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          errors={error?.fields.email}
        />
        <div className="flex items-center justify-between gap-4 pt-2">
          <Link to="/login" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
            Back to sign in
          </Link>
          <Button type="submit" busy={busy}>
            Send reset link
          </Button>
        </div>
      </form>
    </>
  );
}
