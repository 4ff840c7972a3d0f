import { describe, expect, it } from 'vitest';
import { describeRouteError } from '../../../../src/client/app/error-page';
import {
  DEFAULT_ACCESS,
  hasRouteScope,
  requiredScopes,
  middlewareNames,
  requireGuest,
  requireSignedIn,
  ROUTE_MIDDLEWARE,
  runMiddleware,
  UnknownMiddlewareError,
  type GuardDecision,
  type RouteMiddleware,
} from '../../../../src/client/app/route-access';
import { routes } from '../../../../src/client/app/router';
import type { SessionStatus } from '../../../../src/client/lib/session/session-context';
import type { RouteObject } from 'react-router';

const RENDER: GuardDecision = { kind: 'render' };
const WAIT: GuardDecision = { kind: 'wait' };
const TO_SIGN_IN: GuardDecision = { kind: 'redirect', to: '/login', signIn: true, remember: true };
const TO_LOGIN_PAGE: GuardDecision = { kind: 'redirect', to: '/login', signIn: false, remember: true };
const HOME: GuardDecision = { kind: 'redirect', to: '/', signIn: false, remember: false };

describe('route access: open to everyone, guest-only, or signed-in by default', () => {
  it('defaults to signed-in', () => {
    expect(DEFAULT_ACCESS).toBe('signed-in');
    expect(middlewareNames([])).toEqual(['auth']);
    expect(middlewareNames([undefined, {}, null])).toEqual(['auth']);
  });

  it.each([
    [[{ access: 'public' }], []],
    [[{ access: 'guest' }], ['guest']],
    [[{ access: 'signed-in' }], ['auth']],
    [[{ access: 'public' }, { access: 'signed-in' }], ['auth']],
    [[{ access: 'signed-in' }, { access: 'public' }], []],
    [
      [{ middleware: ['audit'] }, { access: 'public', middleware: ['beta'] }],
      ['audit', 'beta'],
    ],
    [[{ middleware: ['audit'] }], ['auth', 'audit']],
  ] as const)('handles %j → middleware %j', (handles, names) => {
    expect(middlewareNames(handles)).toEqual(names);
  });

  type Row = [
    status: SessionStatus,
    expired: boolean,
    signedInRoute: GuardDecision,
    guestRoute: GuardDecision,
    publicRoute: GuardDecision,
  ];
  const table: Row[] = [
    ['loading', false, WAIT, WAIT, RENDER],
    ['signed-in', false, RENDER, HOME, RENDER],
    ['signed-out', false, TO_SIGN_IN, RENDER, RENDER],
    ['signed-out', true, TO_LOGIN_PAGE, RENDER, RENDER],
    ['error', false, { kind: 'session-error' }, RENDER, RENDER],
  ];

  it.each(table)(
    'session %s (expired: %s): signed-in route → %j, guest-only → %j, public → %j',
    (status, expired, signedIn, guest, open) => {
      const session = { status, expired };
      expect(runMiddleware(middlewareNames([]), session)).toEqual(signedIn);
      expect(runMiddleware(middlewareNames([{ access: 'guest' }]), session)).toEqual(guest);
      expect(runMiddleware(middlewareNames([{ access: 'public' }]), session)).toEqual(open);
    },
  );

  it('registers exactly the auth and guest middleware', () => {
    expect(ROUTE_MIDDLEWARE).toEqual({ auth: requireSignedIn, guest: requireGuest });
  });
});

describe('named route middleware (unknown middleware → 500)', () => {
  it("throws 'Unknown middleware {name}' with status 500 for a name that is not registered", () => {
    const run = () => runMiddleware(['auth', 'no-such-guard'], { status: 'signed-in', expired: false });
    expect(run).toThrow(UnknownMiddlewareError);
    expect(run).toThrow('Unknown middleware no-such-guard');
    const error = new UnknownMiddlewareError('no-such-guard');
    expect(error.status).toBe(500);
    expect(describeRouteError(error)).toEqual({
      status: 500,
      title: 'Error',
      detail: 'Unknown middleware no-such-guard',
    });
  });

  it('does not take inherited object properties for middleware', () => {
    expect(() => runMiddleware(['toString'], { status: 'signed-in', expired: false })).toThrow(
      'Unknown middleware toString',
    );
  });

  it('runs custom middleware in order and stops at the first decision other than render', () => {
    const calls: string[] = [];
    const pass: RouteMiddleware = () => (calls.push('pass'), RENDER);
    const block: RouteMiddleware = () => (calls.push('block'), HOME);
    const never: RouteMiddleware = () => (calls.push('never'), RENDER);
    const registry = { pass, block, never };
    expect(runMiddleware(['pass', 'block', 'never'], { status: 'signed-in', expired: false }, registry)).toEqual(HOME);
    expect(calls).toEqual(['pass', 'block']);
  });
});

describe('the route table', () => {
  type Found = { path: string; caseSensitive: boolean; handles: unknown[] };

  function flatten(list: RouteObject[], prefix: string, handles: unknown[], out: Found[]): Found[] {
    for (const route of list) {
      const path = route.index ? prefix || '/' : route.path ? `${prefix}/${route.path}` : prefix;
      const chain = [...handles, route.handle];
      if (route.children) flatten(route.children, path, chain, out);
      else out.push({ path: path || '/', caseSensitive: route.caseSensitive === true, handles: chain });
    }
    return out;
  }

  const all = flatten(routes, '', [], []);
  const access = (path: string) => {
    const found = all.find((route) => route.path === path);
    if (!found) throw new Error(`no route ${path}`);
    return { names: middlewareNames(found.handles), caseSensitive: found.caseSensitive };
  };

  it('has /login open to everyone (it is the callback) and /Login guest-only, both case-sensitive', () => {
    expect(access('/login')).toEqual({ names: [], caseSensitive: true });
    expect(access('/Login')).toEqual({ names: ['guest'], caseSensitive: true });
  });

  it('has home and the 404 page open to everyone', () => {
    expect(access('/').names).toEqual([]);
    expect(access('/*').names).toEqual([]);
  });

  it.each(['/Forms', '/Tickets', '/:area', '/:area/Form', '/:area/:id', '/:parentArea/:parentId/:area/:id'])(
    'requires sign-in on %s',
    (path) => {
      expect(access(path).names).toEqual(['auth']);
    },
  );

  it('names only registered middleware', () => {
    for (const route of all) {
      for (const name of middlewareNames(route.handles)) expect(Object.keys(ROUTE_MIDDLEWARE)).toContain(name);
    }
  });
});

describe('route scopes: a route handle may ask for anyScope', () => {
  const user = (scope: string[]) => ({ scope });

  it('asks nothing when no handle says, and takes the deepest anyScope', () => {
    expect(requiredScopes([{}, undefined])).toBeNull();
    expect(requiredScopes([{ anyScope: ['a'] }, {}, { anyScope: ['b', 'c'] }])).toEqual(['b', 'c']);
  });

  it('lets in a user holding one of the scopes, or admin, and nobody else', () => {
    const handles = [{}, { anyScope: ['rolegroups:manage', 'x:y'] }];
    expect(hasRouteScope(user(['x:y']), handles)).toBe(true);
    expect(hasRouteScope(user(['admin']), handles)).toBe(true);
    expect(hasRouteScope({ scope: { 'rolegroups:manage': true } }, handles)).toBe(true);
    expect(hasRouteScope(user(['forms:submit']), handles)).toBe(false);
    expect(hasRouteScope(null, handles)).toBe(false);
    expect(hasRouteScope(user([]), [{}])).toBe(true);
  });

  it('protects /RoleGroups with rolegroups:manage in the route table', () => {
    const find = (list: RouteObject[]): RouteObject | undefined => {
      for (const route of list) {
        if (route.path === 'RoleGroups') return route;
        const inner = route.children ? find(route.children) : undefined;
        if (inner) return inner;
      }
      return undefined;
    };
    expect(requiredScopes([find(routes)?.handle])).toEqual(['rolegroups:manage']);
  });
});
