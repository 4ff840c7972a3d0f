/**
 * Route access: every route is open to everyone, guest-only, or for signed-in users (the default).
 * Access rules are named route middleware, like any other guard a route may list in
 * `handle.middleware`; a name that is not registered is a 500 error 'Unknown middleware {name}'
 * (docs/behaviour.md describes what each kind of page does).
 */
import { hasScope, type ScopedUser } from '../../shared/scopes';
import { paths } from '../config/paths';
import type { SessionState } from '../lib/session/session-context';

/** `public`: everyone; `guest`: signed-out users only; `signed-in`: the default. */
export type RouteAccess = 'public' | 'guest' | 'signed-in';

/** What a route may put in its `handle`. */
export type RouteHandle = {
  /** Who may open the route; the deepest matched route that says wins; default `signed-in`. */
  access?: RouteAccess;
  /** Further named middleware to run, in order, after the access rule. */
  middleware?: readonly string[];
  /**
   * Scopes of which the signed-in user must hold at least one (`hasScope`, so `admin` passes);
   * otherwise the page says 'You do not have access to this page'. Absent: no scope needed.
   */
  anyScope?: readonly string[];
};

/** The default access of a route that does not say: a page not declared open needs sign-in. */
export const DEFAULT_ACCESS: RouteAccess = 'signed-in';

/** What the guard does with the page. */
export type GuardDecision =
  | { kind: 'render' }
  | { kind: 'wait' }
  | { kind: 'session-error' }
  /** Go to `to`; `signIn`: `/login` should start the sign-in; `remember`: remember the current page first. */
  | { kind: 'redirect'; to: string; signIn: boolean; remember: boolean };

/** A named route middleware: decides from the session state alone. */
export type RouteMiddleware = (session: Pick<SessionState, 'status' | 'expired'>) => GuardDecision;

const RENDER: GuardDecision = { kind: 'render' };

/**
 * `auth`: signed-in users pass; signed-out users go to `/login`, which starts the sign-in with
 * the page remembered — unless the session just expired, when `/login` shows why first.
 */
export const requireSignedIn: RouteMiddleware = ({ status, expired }) => {
  if (status === 'loading') return { kind: 'wait' };
  if (status === 'error') return { kind: 'session-error' };
  if (status === 'signed-in') return RENDER;
  return { kind: 'redirect', to: paths.login, signIn: !expired, remember: true };
};

/** `guest`: a guest-only page sends signed-in users home. */
export const requireGuest: RouteMiddleware = ({ status }) => {
  if (status === 'loading') return { kind: 'wait' };
  if (status === 'signed-in') return { kind: 'redirect', to: paths.home, signIn: false, remember: false };
  return RENDER;
};

/** The registered route middleware, by name. */
export const ROUTE_MIDDLEWARE: Readonly<Record<string, RouteMiddleware>> = {
  auth: requireSignedIn,
  guest: requireGuest,
};

const ACCESS_MIDDLEWARE: Record<RouteAccess, string | null> = { public: null, guest: 'guest', 'signed-in': 'auth' };

/** A route names middleware that is not registered → 500 'Unknown middleware {name}'. */
export class UnknownMiddlewareError extends Error {
  readonly status = 500;

  constructor(name: string) {
    super(`Unknown middleware ${name}`);
    this.name = 'UnknownMiddlewareError';
  }
}

function asHandle(handle: unknown): RouteHandle {
  return typeof handle === 'object' && handle !== null ? handle : {};
}

/**
 * The middleware names for a matched route chain (`handles` from the root to the deepest match):
 * the access rule of the deepest route that sets `access` (default {@link DEFAULT_ACCESS}), then
 * every route's own `middleware`, outermost first.
 */
export function middlewareNames(handles: readonly unknown[]): string[] {
  let access: RouteAccess = DEFAULT_ACCESS;
  const extra: string[] = [];
  for (const handle of handles.map(asHandle)) {
    if (handle.access) access = handle.access;
    if (handle.middleware) extra.push(...handle.middleware);
  }
  const accessName = ACCESS_MIDDLEWARE[access];
  return accessName ? [accessName, ...extra] : extra;
}

/**
 * Runs the middleware `names` in order with `session`; the first decision other than `render`
 * wins. Throws {@link UnknownMiddlewareError} for a name missing from `registry`.
 */
export function runMiddleware(
  names: readonly string[],
  session: Pick<SessionState, 'status' | 'expired'>,
  registry: Readonly<Record<string, RouteMiddleware>> = ROUTE_MIDDLEWARE,
): GuardDecision {
  for (const name of names) {
    const middleware = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!middleware) throw new UnknownMiddlewareError(name);
    const decision = middleware(session);
    if (decision.kind !== 'render') return decision;
  }
  return RENDER;
}

/**
 * The scopes the matched route chain asks for: the `anyScope` of the deepest route that sets it,
 * or null when none does.
 */
export function requiredScopes(handles: readonly unknown[]): readonly string[] | null {
  let scopes: readonly string[] | null = null;
  for (const handle of handles.map(asHandle)) if (handle.anyScope) scopes = handle.anyScope;
  return scopes;
}

/**
 * True when `user` may open the matched route chain: no `anyScope` asked, or the user holds at
 * least one of them (`hasScope`, so `admin` passes).
 */
export function hasRouteScope(user: ScopedUser, handles: readonly unknown[]): boolean {
  const scopes = requiredScopes(handles);
  return !scopes || scopes.some((scope) => hasScope(user, scope));
}
