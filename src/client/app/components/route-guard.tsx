import { useEffect } from 'react';
import { Link, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { LoadError, Loading } from '../../components/status-message';
import { paths } from '../../config/paths';
import { rememberPage } from '../../lib/auth';
import { hasRouteScope, middlewareNames, runMiddleware } from '../route-access';
import type { LoginLocationState } from '../../lib/session/login-state';
import { useSession } from '../../lib/session/session-context';

/**
 * The route guard: runs the matched routes' access rule and named middleware (see
 * route-access.ts) and renders the page, waits for the session, or redirects — signed-out users
 * on a signed-in route go to `/login` with the page remembered; signed-in users on a guest-only
 * route go home. An unknown middleware name throws (the error page shows 500). A route whose
 * `anyScope` the user holds none of shows 'You do not have access to this page'.
 */
export function RouteGuard() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const handles = matches.map((match) => match.handle);
  const decision = runMiddleware(middlewareNames(handles), session);
  const redirect = decision.kind === 'redirect' ? decision : null;
  const current = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (!redirect) return;
    if (redirect.remember) rememberPage(current);
    const state: LoginLocationState = { signIn: redirect.signIn };
    void navigate(redirect.to, { replace: true, state });
  }, [redirect?.to, redirect?.signIn, redirect?.remember, current, navigate]);

  switch (decision.kind) {
    case 'render':
      return hasRouteScope(session.user, handles) ? <Outlet /> : <NoAccess />;
    case 'session-error':
      return <LoadError what="Sign-in" error={session.error} onRetry={() => void session.reload()} />;
    case 'redirect':
      return <Loading label={decision.signIn ? 'Redirecting to sign-in…' : 'Loading…'} />;
    case 'wait':
      return <Loading />;
  }
}

/** What a signed-in user sees on a page their scopes do not open. */
function NoAccess() {
  return (
    <div className="error-panel" role="alert">
      <h1>You do not have access to this page</h1>
      <p>
        Your role groups do not include this page. Ask an administrator if you need it.{' '}
        <Link to={paths.home}>Back to the home page</Link>
      </p>
    </div>
  );
}
