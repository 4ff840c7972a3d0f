import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Loading } from '../../../components/status-message';
import { paths } from '../../../config/paths';
import { rememberedPage } from '../../../lib/auth';
import { logAuthError } from '../../../lib/auth-errors';
import type { LoginLocationState } from '../../../lib/session/login-state';
import { useSession } from '../../../lib/session/session-context';
import { isCallbackUrl } from '../../../lib/sign-in-callback';
import { useDocumentTitle } from '../../../lib/document-title';
import { Button } from '../../../components/ui';

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message || 'unknown error';
}

/**
 * `/login` and `/Login`: the sign-in page, and at `/login` the OpenID Connect
 * callback. With `code`, `state` or `error` in the URL it completes the sign-in — the session
 * then sends the user to the remembered page (or home); a refused callback (missing, unknown,
 * replayed or other tab's state, provider error, failed ID token check) creates no session and
 * shows why, with a "Sign in" button. Sent here by the route guard it starts the sign-in at once;
 * after an expired session it shows the reason first (lib/auth-errors.ts). Signed-in users go home.
 */
export function LoginPage() {
  useDocumentTitle('Sign in');
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const locationState = (location.state ?? {}) as LoginLocationState;
  const isCallback = isCallbackUrl(location.search);
  const [redirectError, setRedirectError] = useState<string | null>(null);
  const [isRedirecting, setRedirecting] = useState(false);
  const autoStarted = useRef(false);
  const processedCallback = useRef<string | null>(null);
  const { completeSignIn, signIn, status, expired } = session;

  useEffect(() => {
    const url = window.location.href;
    if (!isCallback || processedCallback.current === url) return;
    processedCallback.current = url;
    completeSignIn(url).catch(async (error: unknown) => {
      logAuthError(error, 'sign-in');
      const state: LoginLocationState = { signInError: describe(error) };
      // Drop code and state from the address bar; the message travels in the history state.
      await navigate(paths.login, { replace: true, state });
    });
  }, [isCallback, completeSignIn, navigate]);

  const startSignIn = () => {
    setRedirecting(true);
    setRedirectError(null);
    signIn(rememberedPage()).catch((error: unknown) => {
      logAuthError(error, 'sign-in');
      setRedirecting(false);
      setRedirectError(`The sign-in page could not be opened: ${describe(error)}`);
    });
  };

  const shouldAutoStart = !isCallback && locationState.signIn === true && status === 'signed-out' && !expired;
  useEffect(() => {
    if (!shouldAutoStart || autoStarted.current) return;
    autoStarted.current = true;
    startSignIn();
  });

  if (isCallback) return <Loading label="Completing sign-in…" />;
  const error = locationState.signInError ?? redirectError;
  if (!error && status === 'signed-in') return <Navigate to={paths.home} replace />;
  if (shouldAutoStart || (!error && status === 'loading')) return <Loading label="Redirecting to sign-in…" />;

  return (
    <section className="sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in</h1>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : expired ? (
        <p className="alert" role="status">
          {session.expiredReason ?? 'Your session has ended. Please sign in again.'}
        </p>
      ) : (
        <p>Use your organisation account to open the portal.</p>
      )}
      <Button type="button" variant="primary" className="button--large" onClick={startSignIn} disabled={isRedirecting}>
        Sign in
      </Button>
    </section>
  );
}
