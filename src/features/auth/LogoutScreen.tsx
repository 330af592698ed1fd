import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../../ui/feedback/Spinner';
import { useSession } from './useSession';

// /logout: revokes the session, then shows the login screen. Runs after the dashboard has gone,
// so no screen is left asking for data while the tokens disappear.
export function LogoutScreen() {
  const session = useSession();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development; log out once.
    if (started.current) return;
    started.current = true;
    void session
      .ensureRestored()
      .then(() => session.logout())
      .then(() => navigate('/login', { replace: true }));
  }, [session, navigate]);

  return <Spinner label="Signing out…" />;
}
