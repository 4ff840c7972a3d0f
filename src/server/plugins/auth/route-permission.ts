/**
 * What each API route needs (docs/behaviour.md "Access-token checks"): every route under `/api`
 * declares `config: { permission }` and the auth hook enforces it — deny by default. A route that
 * declares nothing answers 500 and logs the missing declaration, so a forgotten declaration never
 * opens a route.
 *
 * - `'public'`: no token (health, sign-in configuration, API description).
 * - `'signed-in'`: any valid access token; the route applies object-level rules itself (own,
 *   area-wide read, assigned) and answers 404 for what the user may not see.
 * - `{ scope }`: the user must hold that scope (`admin` implies every scope); otherwise 403.
 * - `{ anyScope }`: at least one of the scopes; otherwise 403.
 */
import { hasScope, type ScopedUser } from '../../../shared/scopes';

/** A route's declared permission (`config.permission`); the shapes are listed in the module comment. */
export type RoutePermission =
  'public' | 'signed-in' | { readonly scope: string } | { readonly anyScope: readonly string[] };

/** True when the declaration is one of the {@link RoutePermission} shapes. */
export function isRoutePermission(value: unknown): value is RoutePermission {
  if (value === 'public' || value === 'signed-in') return true;
  if (typeof value !== 'object' || value === null) return false;
  if ('scope' in value) return typeof value.scope === 'string' && value.scope.length > 0;
  if ('anyScope' in value) {
    return (
      Array.isArray(value.anyScope) && value.anyScope.length > 0 && value.anyScope.every((s) => typeof s === 'string')
    );
  }
  return false;
}

/** True when `user` satisfies a non-public permission (`'signed-in'` needs only a user). */
export function permits(user: ScopedUser, permission: Exclude<RoutePermission, 'public'>): boolean {
  if (!user) return false;
  if (permission === 'signed-in') return true;
  if ('scope' in permission) return hasScope(user, permission.scope);
  return permission.anyScope.some((scope) => hasScope(user, scope));
}

/** Human-readable requirement for 403 messages, e.g. `the scope "assignments:manage"`. */
export function describePermission(permission: Exclude<RoutePermission, 'public' | 'signed-in'>): string {
  if ('scope' in permission) return `the scope "${permission.scope}"`;
  return `one of the scopes ${permission.anyScope.map((s) => `"${s}"`).join(', ')}`;
}
