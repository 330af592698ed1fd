import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { SESSION_EXPIRED_MESSAGE } from '../../machines/session';
import { Alert } from '../../ui/feedback/Alert';
import { Button } from '../../ui/forms/Button';
import { TextField } from '../../ui/forms/TextField';
import { safeRedirect } from './safeRedirect';
import { useSession } from './useSession';
import { useSessionError } from './useSessionError';
import { useSessionState } from './useSessionState';

export function LoginScreen() {
  const session = useSession();
  const state = useSessionState();
  const { message, fields } = useSessionError();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await session.login(email.trim(), password)) {
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } else {
      setPassword('');
    }
  }

  // The field messages already say what is wrong; repeat the summary only when it adds something.
  const fieldMessages = Object.values(fields).flat();
  const showSummary = !!message && !fieldMessages.includes(message);
  const busy = state === 'authorising';

  return (
    <>
      <h1 id="login-title" className="text-xl font-semibold tracking-tight text-slate-900">
        Sign in to the agent portal
      </h1>
      <p className="mt-1 text-sm text-slate-500">
        Use the email address and password of your portal account.
      </p>
      <form className="mt-6 space-y-4" onSubmit={submit} aria-labelledby="login-title">
        {showSummary && (
          <Alert tone={message === SESSION_EXPIRED_MESSAGE ? 'info' : 'error'}>{message}</Alert>
        )}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          errors={fields.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          errors={fields.password}
        />
        <div className="flex items-center justify-between gap-4 pt-2">
          <Link to="/forgot-password" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
            Forgot your password?
          </Link>
          <Button type="submit" busy={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </Button>
        </div>
      </form>
    </>
  );
}
