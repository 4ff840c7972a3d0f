/**
 * Session state shared by the whole app (spec §3 "Auth state": user object and loggedIn flag).
 * `user` is the `/api/me` profile with its `scope` list; `hasScope` reads it (spec §6).
 */
import { createContext, useContext } from 'react';
import type { Profile } from '../../../shared/me';

/** `loading` while the stored session is checked; `error` when the sign-in settings cannot be loaded. */
export type SessionStatus = 'loading' | 'signed-out' | 'signed-in' | 'error';

/** What components read from the session. */
export type Session = {
  status: SessionStatus;
  user: Profile | null;
  loggedIn: boolean;
  /** True when the session was lost (expired refresh, 401) rather than never started. */
  expired: boolean;
  /** Why the session was lost, for the sign-in page (spec §8 message for an expired refresh). */
  expiredReason: string | null;
  /** Why the session could not be checked (status `error`). */
  error: unknown;
  /** True when the signed-in user holds `scope` (or `admin`). */
  hasScope: (scope: string) => boolean;
  /** Remembers `returnTo` and sends the browser to the identity provider. */
  signIn: (returnTo?: string) => Promise<void>;
  /** Clears the `auth.` keys and ends the provider session; the browser comes back on `/`. */
  signOut: () => Promise<void>;
  /** Loads `/api/me` again (after the sign-in callback) and resolves when the state is updated. */
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
