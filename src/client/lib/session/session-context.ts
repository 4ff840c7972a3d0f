/**
 * Session state shared by the whole app: the user object and the `loggedIn` flag. `user` is the
 * `/api/me` profile with its `scope` list (the identity provider's user-info endpoint is not
 * used); `hasScope` reads it with the one shared rule of src/shared/scopes.ts.
 */
import { createContext, useContext } from 'react';
import type { Profile } from '../../../shared/me';

/** `loading` while the stored session is checked; `error` when the sign-in settings cannot be loaded. */
export type SessionStatus = 'loading' | 'signed-out' | 'signed-in' | 'error';

/** The state behind {@link Session}. */
export type SessionState = {
  status: SessionStatus;
  user: Profile | null;
  /** True when the session was lost (expired refresh, 401) rather than never started. */
  expired: boolean;
  /** Why the session was lost, for the sign-in page (lib/auth-errors.ts has the messages). */
  expiredReason: string | null;
  /** Why the session could not be checked (status `error`). */
  error: unknown;
};

/** What components read from the session. */
export type Session = SessionState & {
  /** True while signed in. Turning true sends the user home, false sends them to `/`. */
  loggedIn: boolean;
  /** True when the signed-in user holds `scope` (or `admin`), via the shared `hasScope`. */
  hasScope: (scope: string) => boolean;
  /** Remembers `returnTo` and sends the browser to the identity provider. */
  signIn: (returnTo?: string) => Promise<void>;
  /**
   * Completes the callback at `url`; on success the session turns signed-in and the user goes to
   * the remembered page (or home). Rejects with a `SignInError` (no session) otherwise.
   */
  completeSignIn: (url: string) => Promise<void>;
  /** Clears the `auth.` keys and ends the provider session; the browser comes back on `/`. */
  signOut: () => Promise<void>;
  /** Loads `/api/me` again and resolves when the state is updated. */
  reload: () => Promise<void>;
};

/** The session context; read it with {@link useSession}. */
export const SessionContext = createContext<Session | null>(null);

/** The current session; throws when used outside `<SessionProvider>`. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() must be used inside <SessionProvider>');
  return session;
}
