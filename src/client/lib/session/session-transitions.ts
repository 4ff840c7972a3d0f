/**
 * Where a change of the session sends the user.
 */
import { paths } from '../../config/paths';
import type { SessionState } from './session-context';

/**
 * The page to navigate to after the session changed from `previous` to `next`, or `null` to stay:
 *
 * - the session was just lost (expired refresh, refused token) → `/login`, which shows why;
 * - a completed sign-in (`returnTo` set by the callback) → `returnTo`, already checked against
 *   the redirect-path rule (home when there was no safe remembered page);
 * - `loggedIn` turned true otherwise (e.g. signed in in another tab) → `/`;
 * - `loggedIn` turned false (signed out) → `/`.
 *
 * The first check after the page loads (`previous.status === 'loading'`) never moves the user,
 * except to `/login` when the stored session turned out to be expired.
 */
export function destinationAfterSessionChange(
  previous: SessionState,
  next: SessionState,
  returnTo: string | null,
): string | null {
  if (next.status === 'signed-out' && next.expired && !(previous.status === 'signed-out' && previous.expired)) {
    return paths.login;
  }
  if (next.status === 'signed-in' && returnTo !== null) return returnTo;
  if (previous.status === 'signed-out' && next.status === 'signed-in') return paths.home;
  if (previous.status === 'signed-in' && next.status === 'signed-out') return paths.home;
  return null;
}
