import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Loading } from '../../components/status-message';
import { paths } from '../../config/paths';
import { completeSignIn, peekReturnPath } from '../../lib/auth';
import { useSession } from '../session/session-context';

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message || 'unknown error';
}

/**
 * `/login` and `/Login` (spec §2, §4): the sign-in page and the OpenID Connect callback. With
 * `code` (or `error`) and `state` in the URL it completes the sign-in and goes to the remembered
 * page (or home); a failed callback (state mismatch, provider error) shows why, in an alert,
 * with a "Sign in" button. Without parameters it offers "Sign in"; signed-in users go home.
 */
export default function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const isCallback = searchParams.has('state') && (searchParams.has('code') || searchParams.has('error'));
  const [callbackError, setCallbackError] = useState<string | null>(null);
  const [redirectError, setRedirectError] = useState<string | null>(null);
  const [isRedirecting, setRedirecting] = useState(false);
  const { reload } = session;

  useEffect(() => {
    if (!isCallback) return;
    completeSignIn(window.location.href)
      .then(async ({ returnTo }) => {
        await reload();
        await navigate(returnTo, { replace: true });
      })
      .catch(async (error: unknown) => {
        setCallbackError(`Sign-in could not be completed: ${describe(error)}`);
        // Drop code and state from the address bar; the message stays.
        await navigate(paths.login, { replace: true });
      });
  }, [isCallback, navigate, reload]);

  const handleSignIn = () => {
    setRedirecting(true);
    setRedirectError(null);
    session.signIn(peekReturnPath()).catch((error: unknown) => {
      setRedirecting(false);
      setRedirectError(`The sign-in page could not be opened: ${describe(error)}`);
    });
  };

  if (isCallback && !callbackError) return <Loading label="Completing sign-in…" />;
  if (!isCallback && !callbackError && session.status === 'signed-in') return <Navigate to={paths.home} replace />;

  const error = callbackError ?? redirectError;
  return (
    <section className="sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in</h1>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : session.expired ? (
        <p className="alert" role="status">
          {session.expiredReason ?? 'Your session has ended. Please sign in again.'}
        </p>
      ) : (
        <p>Use your organisation account to open the portal.</p>
      )}
      <button type="button" className="button button--primary button--large" onClick={handleSignIn} disabled={isRedirecting}>
        Sign in
      </button>
    </section>
  );
}
