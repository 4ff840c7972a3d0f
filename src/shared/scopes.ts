/**
 * The scope vocabulary (docs/behaviour.md "Scopes") and the one scope check used by client and
 * server.
 * A user's scopes are the union of their role groups' scopes; `admin` grants everything.
 */

export const ADMIN_SCOPE = 'admin';
export const FORMS_SUBMIT_SCOPE = 'forms:submit';
export const TICKETS_WORK_SCOPE = 'tickets:work';
export const ASSIGNMENTS_MANAGE_SCOPE = 'assignments:manage';
export const ROLEGROUPS_MANAGE_SCOPE = 'rolegroups:manage';
export const CHANGES_READ_SCOPE = 'changes:read';
export const REPORT_SCOPES = [
  'reports:accounting:read',
  'reports:accounting:write',
  'reports:delivery:read',
  'reports:delivery:write',
] as const;

/** Per-area scope: `forms:<Area>:read` (all submissions of an area) or `forms:<Area>:submit`. */
export function areaScope(area: string, action: 'read' | 'submit'): string {
  return `forms:${area}:${action}`;
}

/**
 * The user's `scope` in any of the forms it may take (docs/behaviour.md "Scopes"): a list of
 * strings, a map of scope → truthy value, or a space-separated string (the OAuth 2.0 `scope`
 * claim, RFC 6749 section 3.3).
 */
export type ScopeClaim = readonly string[] | Readonly<Record<string, unknown>> | string | null | undefined;

/** Anything carrying a `scope` property, e.g. the `/api/me` profile. */
export type ScopedUser = { scope?: ScopeClaim } | null | undefined;

/** Normalises a scope claim (list, map or space-separated string) to a set of scope strings. */
export function scopeSet(scope: ScopeClaim): Set<string> {
  if (!scope) return new Set();
  if (typeof scope === 'string') return new Set(scope.split(/\s+/).filter(Boolean));
  if (Array.isArray(scope)) return new Set(scope.filter((s): s is string => typeof s === 'string'));
  return new Set(Object.entries(scope).filter(([, granted]) => Boolean(granted)).map(([name]) => name));
}

/**
 * True when `user` holds `scope` (or `admin`). Reads `user.scope` as a list, a map or a string.
 * A missing user or scope is false.
 */
export function hasScope(user: ScopedUser, scope: string): boolean {
  const scopes = scopeSet(user?.scope);
  return scopes.has(ADMIN_SCOPE) || scopes.has(scope);
}

/** True when `user` may submit `area`'s form (`forms:submit` or `forms:<Area>:submit`). */
export function canSubmitArea(user: ScopedUser, area: string): boolean {
  return hasScope(user, FORMS_SUBMIT_SCOPE) || hasScope(user, areaScope(area, 'submit'));
}

/** True when `user` may read every submission of `area`, not only their own. */
export function canReadAllOfArea(user: ScopedUser, area: string): boolean {
  return hasScope(user, areaScope(area, 'read'));
}

/** A per-area submit scope, `forms:<Area>:submit`. */
const AREA_SUBMIT_SCOPE = /^forms:[^:]+:submit$/;

/**
 * True when `user` may submit at least one form area (`admin`, `forms:submit` or any
 * `forms:<Area>:submit`): the UI offers "Fill in a form" only then. Reads `scope` as a list or a
 * map like {@link hasScope}.
 */
export function canSubmitSomeForm(user: ScopedUser): boolean {
  if (hasScope(user, FORMS_SUBMIT_SCOPE)) return true;
  return [...scopeSet(user?.scope)].some((scope) => AREA_SUBMIT_SCOPE.test(scope));
}
