import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Profile } from '../../../shared/me';
import { hasScope } from '../../../shared/scopes';
import { paths } from '../../config/paths';
import { completeSignIn, hasStoredSession, resetSession, signOut as endSession, startSignIn } from '../auth';
import { ExpiredAuthSessionError, logAuthError, SESSION_REJECTED_MESSAGE } from '../auth-errors';
import { api, setUnauthorizedHandler, toApiFailure } from '../http';
import { loadAhead, peekFulfilledAhead, takeLoadedAhead } from '../load-ahead';
import { clearPortalCaches } from '../portal-caches';
import { SessionContext, type Session, type SessionState } from './session-context';
import { destinationAfterSessionChange } from './session-transitions';

const INITIAL: SessionState = { status: 'loading', user: null, error: null, expired: false, expiredReason: null };
const SIGNED_OUT: SessionState = { ...INITIAL, status: 'signed-out' };

function expiredState(reason: string): SessionState {
  return { ...INITIAL, status: 'signed-out', expired: true, expiredReason: reason };
}

async function loadSession(): Promise<SessionState> {
  if (!(await hasStoredSession())) return SIGNED_OUT;
  try {
    const user = await api.get('me').json<Profile>();
    return { ...INITIAL, status: 'signed-in', user };
  } catch (error) {
    // The HTTP client has already reset an expired or refused session (and logged why).
    if (toApiFailure(error).status === 401) {
      return expiredState(error instanceof ExpiredAuthSessionError ? error.message : SESSION_REJECTED_MESSAGE);
    }
    throw error;
  }
}

/** The key of the session's load started ahead (`lib/load-ahead.ts`). */
export const SESSION_LOAD_KEY = 'session';

/**
 * Starts loading the session (the stored tokens, then `GET /api/me`) as the page's script runs,
 * before React renders: the first render waits for the route's page module, and `/api/me` need
 * not wait with it. The provider's first load takes this one (load-ahead.ts). Call before rendering.
 */
export function loadSessionAhead(): void {
  loadAhead(SESSION_LOAD_KEY, loadSession);
}

function isUserKeyChange(event: StorageEvent): boolean {
  if (event.storageArea !== window.localStorage) return false;
  if (event.key === null) return true;
  return event.key.startsWith('auth.user:') && (event.oldValue === null) !== (event.newValue === null);
}

/**
 * Provides the {@link Session}: checks the stored tokens and loads `/api/me` on start; turns a
 * lost session (expired refresh, 401) into "signed out" plus a visit to `/login`; follows sign-in
 * and sign-out in other tabs; and moves the user when `loggedIn` changes (see
 * {@link destinationAfterSessionChange}). Auth errors are logged, except an expired session found
 * at start-up (see `logAuthError`).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  // the session loaded ahead is usually in before the first render: the page then renders with it
  // at once instead of after a "Loading…" render (read here, taken once mounted: load-ahead.ts)
  const [state, setState] = useState<SessionState>(
    () => (peekFulfilledAhead(SESSION_LOAD_KEY) as { value: SessionState } | undefined)?.value ?? INITIAL,
  );
  const knownAtMount = useRef(state !== INITIAL);
  const previous = useRef<SessionState>(INITIAL);
  const returnTo = useRef<string | null>(null);
  const isStartingUp = useRef(true);

  const reload = useCallback(async () => {
    try {
      const next = await ((takeLoadedAhead(SESSION_LOAD_KEY) as Promise<SessionState> | undefined) ?? loadSession());
      // a transition: the whole page renders with the session, in slices that leave the main
      // thread free for input (https://react.dev/reference/react/startTransition)
      startTransition(() => setState(next));
    } catch (error) {
      logAuthError(error, isStartingUp.current ? 'start-up' : 'request');
      setState({ ...INITIAL, status: 'error', error });
    } finally {
      isStartingUp.current = false;
    }
  }, []);

  useEffect(() => {
    setUnauthorizedHandler((error) => {
      logAuthError(error, isStartingUp.current ? 'start-up' : 'request');
      setState(expiredState(error.message));
    });
    if (knownAtMount.current) {
      isStartingUp.current = false;
      void takeLoadedAhead(SESSION_LOAD_KEY);
    } else void reload();
    knownAtMount.current = false;
    const onStorage = (event: StorageEvent) => {
      if (isUserKeyChange(event)) void reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [reload]);

  useEffect(() => {
    // A session that ended (sign-out here or in another tab, expiry) or a start without one:
    // nothing of a session stays cached (a cache write still in flight at sign-out is caught here).
    if (state.status === 'signed-out' && previous.current.status !== 'signed-out') void clearPortalCaches();
    const destination = destinationAfterSessionChange(previous.current, state, returnTo.current);
    previous.current = state;
    if (state.status === 'signed-in') returnTo.current = null;
    if (destination) void navigate(destination, { replace: true });
  }, [state, navigate]);

  const completeCallback = useCallback(
    async (url: string) => {
      returnTo.current = await completeSignIn(url);
      await reload();
    },
    [reload],
  );

  const signOut = useCallback(async () => {
    try {
      await clearPortalCaches();
      await endSession();
    } catch (error) {
      // No end-session endpoint (or the provider cannot be reached): the session ends here only.
      logAuthError(error, 'sign-out');
      resetSession();
      setState(SIGNED_OUT);
    }
  }, []);

  const session = useMemo<Session>(
    () => ({
      ...state,
      loggedIn: state.status === 'signed-in',
      hasScope: (scope) => hasScope(state.user, scope),
      signIn: (to = paths.home) => startSignIn(to),
      completeSignIn: completeCallback,
      signOut,
      reload,
    }),
    [state, reload, completeCallback, signOut],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
