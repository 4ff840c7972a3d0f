import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Profile } from '../../../shared/me';
import { hasScope as userHasScope } from '../../../shared/scopes';
import { paths } from '../../config/paths';
import { ExpiredAuthSessionError, getUserManager, hasStoredUser, signOut as endSession, startSignIn } from '../../lib/auth';
import { api, SESSION_REJECTED_MESSAGE, setUnauthorizedHandler, toApiFailure } from '../../lib/http';
import { SessionContext, type Session, type SessionStatus } from './session-context';

type SessionState = {
  status: SessionStatus;
  user: Profile | null;
  error: unknown;
  expired: boolean;
  expiredReason: string | null;
};

const INITIAL: SessionState = { status: 'loading', user: null, error: null, expired: false, expiredReason: null };

async function loadSession(): Promise<SessionState> {
  await getUserManager();
  if (!(await hasStoredUser())) return { ...INITIAL, status: 'signed-out' };
  try {
    const user = await api.get('me').json<Profile>();
    return { ...INITIAL, status: 'signed-in', user };
  } catch (error) {
    // The HTTP client has already removed an expired or rejected session and sent the user to /login.
    if (toApiFailure(error).status === 401) {
      const reason = error instanceof ExpiredAuthSessionError ? error.message : SESSION_REJECTED_MESSAGE;
      return { ...INITIAL, status: 'signed-out', expired: true, expiredReason: reason };
    }
    throw error;
  }
}

/**
 * Provides the {@link Session}: checks the stored tokens and loads `/api/me` on start, and turns
 * a lost session (expired refresh, 401) into "signed out" plus a visit to `/login`.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [state, setState] = useState<SessionState>(INITIAL);

  const reload = useCallback(async () => {
    try {
      setState(await loadSession());
    } catch (error) {
      setState({ ...INITIAL, status: 'error', error });
    }
  }, []);

  useEffect(() => {
    setUnauthorizedHandler((reason) => {
      setState({ ...INITIAL, status: 'signed-out', expired: true, expiredReason: reason });
      void navigate(paths.login, { replace: true });
    });
    void reload();
  }, [navigate, reload]);

  const session = useMemo<Session>(
    () => ({
      ...state,
      loggedIn: state.status === 'signed-in',
      hasScope: (scope) => userHasScope(state.user, scope),
      signIn: (returnTo = paths.home) => startSignIn(returnTo),
      signOut: endSession,
      reload,
    }),
    [state, reload],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
