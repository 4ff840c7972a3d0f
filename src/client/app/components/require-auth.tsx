import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../session/session-context';
import { LoadError, Loading } from '../../components/status-message';

/**
 * Guard for signed-in routes (spec §4): while the session is checked it shows "Loading…"; a
 * signed-out visitor is sent to the identity provider with the current page remembered; a
 * session that just expired goes to `/login` instead (spec §4 "Session").
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const [redirectError, setRedirectError] = useState<unknown>(null);
  const returnTo = `${location.pathname}${location.search}${location.hash}`;
  const mustSignIn = session.status === 'signed-out' && !session.expired;

  useEffect(() => {
    if (!mustSignIn) return;
    session.signIn(returnTo).catch((error: unknown) => setRedirectError(error));
    // Only a change of sign-in need starts a redirect, not every re-render of the same page.
  }, [mustSignIn]);

  if (session.status === 'error') {
    return <LoadError what="Sign-in" error={session.error} onRetry={() => void session.reload()} />;
  }
  if (session.status === 'signed-in') return <Outlet />;
  if (session.status === 'signed-out' && session.expired) return <Navigate to={paths.login} replace />;
  if (redirectError) {
    return (
      <LoadError
        what="The sign-in page"
        error={redirectError}
        onRetry={() => {
          setRedirectError(null);
          session.signIn(returnTo).catch((error: unknown) => setRedirectError(error));
        }}
      />
    );
  }
  return <Loading label={session.status === 'loading' ? 'Loading…' : 'Redirecting to sign-in…'} />;
}
