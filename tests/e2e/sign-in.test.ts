/**
 * Sign-in and session on the built app in Chromium against the real built-in identity provider:
 * the authorization request, the remembered page, refused callbacks (tampered, missing, replayed
 * or other tab's state; an ID token failing the checks), the storage keys, the sign-in module
 * left unloaded by a page with a valid session, the transparent refresh, the expired session, and
 * sign-out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { closeBrowser, closePages, launchBrowser } from './support/browser';
import { startPortal, type PortalServer } from './support/portal-server';
import { scriptsRequestedDuring, SIGN_IN_CHUNK } from './support/requests';

const EXPIRED_MESSAGE = 'Both token and refresh token have expired. Your request was aborted.';
/** The only non-`auth.` key the app writes: react-router's scroll positions (session storage, no auth data). */
const ROUTER_SCROLL_KEY = 'react-router-scroll-positions';
/** An access token the API refuses, stored in place of a real one to tell who read it. */
const STALE_ACCESS_TOKEN = 'stale-access-token';

type StoredUser = { access_token: string; refresh_token?: string; id_token?: string; expires_at?: number };

let portal: PortalServer;
let context: BrowserContext;
let base: string;

beforeAll(async () => {
  portal = await startPortal();
  base = portal.baseUrl;
  context = await launchBrowser();
  context.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
});

/** A new tab on a clean slate: no provider session (cookies), no portal storage, other tabs closed. */
async function freshPage(): Promise<Page> {
  await closePages(context);
  await context.clearCookies();
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  return page;
}

/** Every form-encoded POST to the provider's token endpoint made by `page`, in order. */
function recordTokenRequests(page: Page): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url() === `${base}/oidc/token`) {
      seen.push(new URLSearchParams(request.postData() ?? ''));
    }
  });
  return seen;
}

const grants = (requests: URLSearchParams[]) => requests.map((body) => body.get('grant_type'));

async function submitCredentials(page: Page, username = 'employee'): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens `path` signed out, signs in on the provider's page and waits to be back on `path`. */
async function signInAt(page: Page, path: string): Promise<void> {
  await page.goto(`${base}${path}`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await submitCredentials(page);
  await page.waitForURL(`${base}${path}`);
}

async function readUser(page: Page): Promise<StoredUser | null> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('auth.user:'));
    return key ? (JSON.parse(localStorage.getItem(key) ?? 'null') as StoredUser) : null;
  });
}

async function patchUser(page: Page, patch: Partial<StoredUser>): Promise<void> {
  await page.evaluate((changes) => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('auth.user:'));
    if (!key) throw new Error('no stored user');
    const user = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    localStorage.setItem(key, JSON.stringify({ ...user, ...changes }));
  }, patch);
}

async function storageKeys(page: Page): Promise<{ local: string[]; session: string[] }> {
  return page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }));
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Waits for the sign-in page to show `message` in its alert. */
async function expectSignInPageWith(page: Page, message: string | RegExp): Promise<void> {
  await page.waitForURL(`${base}/login`);
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  await page.getByText(message).waitFor();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
}

let firstState: string | null = null;

describe('signing in through the built-in provider', () => {
  it('sends the authorization request (code, PKCE S256, state, nonce, offline access), exchanges the code and restores the remembered page (/Tickets)', async () => {
    const page = await freshPage();
    const tokenRequests = recordTokenRequests(page);
    const authorization = page.waitForRequest((request) => request.url().startsWith(`${base}/oidc/auth?`));
    await page.goto(`${base}/Tickets`);
    const params = new URL((await authorization).url()).searchParams;

    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe('tm-portal');
    expect(params.get('redirect_uri')).toBe(`${base}/login`);
    expect(params.get('scope')).toBe('openid profile email');
    expect(params.get('state')).toMatch(/^[0-9a-f]{32}$/);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('access_type')).toBe('offline');
    expect(params.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    firstState = params.get('state');

    await page.waitForURL(/\/oidc\/interaction\//);
    await submitCredentials(page);
    await page.waitForURL(`${base}/Tickets`);
    await page.getByRole('heading', { name: 'Tickets', level: 1 }).waitFor();
    await page.getByText('Emma Employee').first().waitFor();

    expect(grants(tokenRequests)).toEqual(['authorization_code']);
    const exchange = tokenRequests[0] ?? new URLSearchParams();
    expect([...exchange.keys()].sort()).toEqual(
      ['audience', 'client_id', 'code', 'code_verifier', 'grant_type', 'redirect_uri', 'response_type'].sort(),
    );
    expect(exchange.get('redirect_uri')).toBe(`${base}/login`);
    expect(exchange.get('response_type')).toBe('code');
    expect(exchange.get('client_id')).toBe('tm-portal');
    const user = await readUser(page);
    expect(user?.access_token).toBeTruthy();
    expect(user?.refresh_token).toBeTruthy();
  });

  it('writes only auth.-prefixed storage keys and cookies (the provider cookies too, path /); nothing in IndexedDB; guest-only /Login sends home', async () => {
    const page = await freshPage();
    const appCookies: string[] = [];
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (url.origin !== base || url.pathname.startsWith('/oidc/')) return; // the provider's own cookies
      const header = await response.headerValue('set-cookie').catch(() => null);
      if (header) appCookies.push(...header.split('\n'));
    });
    await signInAt(page, '/Forms');
    await page.getByRole('heading', { name: 'Accounting', level: 2 }).waitFor();

    const keys = await storageKeys(page);
    expect(keys.local.length).toBeGreaterThan(0);
    expect(keys.local.filter((key) => !key.startsWith('auth.'))).toEqual([]);
    expect(keys.session.filter((key) => !key.startsWith('auth.') && key !== ROUTER_SCROLL_KEY)).toEqual([]);
    for (const cookie of appCookies) {
      expect(cookie).toMatch(/^auth\./);
      expect(cookie).toMatch(/;\s*path=\/(;|$)/i);
    }
    const scriptCookies = await page.evaluate(() => document.cookie);
    for (const name of scriptCookies
      .split(';')
      .map((pair) => pair.split('=')[0]?.trim())
      .filter(Boolean)) {
      expect(name).toMatch(/^auth\./);
    }
    // The built-in provider's own cookies (its session) follow the same rule.
    const jarCookies = await page.context().cookies(base);
    expect(jarCookies.length).toBeGreaterThan(0);
    expect(jarCookies.map((cookie) => cookie.name).filter((name) => !name.startsWith('auth.'))).toEqual([]);
    expect(jarCookies.find((cookie) => cookie.name === 'auth.session')?.path).toBe('/');
    const databases = await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name));
    expect(databases).toEqual([]);
    // the one service worker is the portal's own, at the site root (it stores no auth data)
    const workers = await page.evaluate(async () =>
      (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope),
    );
    expect(workers.filter((scope) => scope !== `${base}/`)).toEqual([]);

    await page.goto(`${base}/Login`);
    await page.waitForURL(`${base}/`);
    await page.getByRole('heading', { name: /Welcome, Emma/ }).waitFor();
  });

  it('shows /Login to a signed-out user without starting a sign-in by itself', async () => {
    const page = await freshPage();
    const authorizations: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${base}/oidc/auth?`)) authorizations.push(request.url());
    });
    await page.goto(`${base}/Login`);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    await page.getByText('Use your organisation account to open the portal.').waitFor();
    // settled: no request for 500 ms, so a sign-in the page would start by itself has been sent by now
    await page.waitForLoadState('networkidle');
    expect(authorizations).toEqual([]);
    expect(page.url()).toBe(`${base}/Login`);
  });

  it('uses a fresh state for every sign-in', async () => {
    const page = await freshPage();
    const authorization = page.waitForRequest((request) => request.url().startsWith(`${base}/oidc/auth?`));
    await page.goto(`${base}/Tickets`);
    const state = new URL((await authorization).url()).searchParams.get('state');
    expect(firstState).toMatch(/^[0-9a-f]{32}$/);
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(state).not.toBe(firstState);
    await page.waitForURL(/\/oidc\/interaction\//);
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/', '/%2F%2Fevil.example', '/\uFF0Fevil.example'])(
    'lands home when the remembered page was tampered to %j',
    async (hostile) => {
      const page = await freshPage();
      // Tamper the remembered page right when the callback page loads, before the app reads it.
      await page.addInitScript((value) => {
        if (location.pathname === '/login' && location.search.includes('code='))
          sessionStorage.setItem('auth.redirect', value);
      }, hostile);
      await page.goto(`${base}/Tickets`);
      await page.waitForURL(/\/oidc\/interaction\//);
      await submitCredentials(page);
      await page.waitForURL(`${base}/`);
      await page.getByRole('heading', { name: /Welcome, Emma/ }).waitFor();
      expect(page.url()).toBe(`${base}/`);
    },
  );
});

describe('a callback that does not match this tab’s sign-in', () => {
  it('ignores a tampered state: no token request, no session, a clear message', async () => {
    const page = await freshPage();
    const tokenRequests = recordTokenRequests(page);
    const authorization = page.waitForRequest((request) => request.url().startsWith(`${base}/oidc/auth?`));
    await page.goto(`${base}/Tickets`);
    const url = new URL((await authorization).url());
    await page.waitForURL(/\/oidc\/interaction\//);
    // The provider echoes the state it receives: change one character of it on the way.
    const state = url.searchParams.get('state') ?? '';
    url.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('0') ? '1' : '0'}`);
    await page.goto(url.href);
    await page.waitForURL(/\/oidc\/interaction\//);
    await submitCredentials(page);
    await expectSignInPageWith(page, /state mismatch/);
    expect(tokenRequests).toEqual([]);
    expect(await readUser(page)).toBeNull();
    expect((await storageKeys(page)).local.filter((key) => key.startsWith('auth.user'))).toEqual([]);
  });

  it('ignores an answer without state', async () => {
    const page = await freshPage();
    const tokenRequests = recordTokenRequests(page);
    await page.goto(`${base}/login?code=stolen-code`);
    await expectSignInPageWith(page, /carried no state value/);
    expect(tokenRequests).toEqual([]);
    expect(await readUser(page)).toBeNull();
  });

  it('ignores a replayed callback', async () => {
    const page = await freshPage();
    let callback: string | null = null;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.url().startsWith(`${base}/login?code=`)) callback = request.url();
    });
    await signInAt(page, '/Tickets');
    expect(callback).not.toBeNull();
    await page.evaluate(() => localStorage.clear());
    const tokenRequests = recordTokenRequests(page);
    await page.goto(callback ?? '');
    await expectSignInPageWith(page, /state mismatch/);
    expect(tokenRequests).toEqual([]);
    expect(await readUser(page)).toBeNull();
  });

  it('ignores an answer to a sign-in started in another tab', async () => {
    const first = await freshPage();
    const authorization = first.waitForRequest((request) => request.url().startsWith(`${base}/oidc/auth?`));
    await first.goto(`${base}/Tickets`);
    const authorizationUrl = (await authorization).url();

    const second = await context.newPage();
    const tokenRequests = recordTokenRequests(second);
    await second.goto(authorizationUrl);
    await second.waitForURL(/\/oidc\/interaction\//);
    await submitCredentials(second);
    await expectSignInPageWith(second, /state mismatch/);
    expect(tokenRequests).toEqual([]);
    expect(await readUser(second)).toBeNull();
  });

  it('aborts the sign-in when the ID token is for another audience', async () => {
    const page = await freshPage();
    await page.route(`${base}/oidc/token`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { id_token?: string };
      const [header, payload, signature] = (body.id_token ?? '').split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify({ ...claims, aud: 'someone-else' })).toString('base64url');
      await route.fulfill({ response, json: { ...body, id_token: `${header}.${forged}.${signature}` } });
    });
    await page.goto(`${base}/Tickets`);
    await page.waitForURL(/\/oidc\/interaction\//);
    await submitCredentials(page);
    await expectSignInPageWith(page, /failed a security check.*audience \(aud\)/);
    expect(await readUser(page)).toBeNull();
  });
});

describe('the session', () => {
  it('loads the sign-in module (oidc-client-ts) to sign in, and not to open a page with a valid session', async () => {
    const page = await freshPage();
    const signingIn = await scriptsRequestedDuring(page, () => signInAt(page, '/Tickets'));
    expect(signingIn.has(SIGN_IN_CHUNK)).toBe(true);

    const other = await context.newPage();
    const opening = await scriptsRequestedDuring(other, async () => {
      await other.goto(`${base}/Tickets`);
      await other.getByRole('heading', { name: 'Tickets', level: 1 }).waitFor();
      // The name comes from /api/me, sent with the token the page read: had reading it needed the
      // sign-in module, the module would have been requested before that request went out.
      await other.getByText('Emma Employee').first().waitFor();
    });
    expect(opening.has('index')).toBe(true);
    expect(opening.has(SIGN_IN_CHUNK)).toBe(false);
  });

  it('refreshes an expired access token transparently before the next API request', async () => {
    const page = await freshPage();
    await signInAt(page, '/Forms');
    await page.getByRole('heading', { name: 'Accounting', level: 2 }).waitFor();
    const before = await readUser(page);
    const tokenRequests = recordTokenRequests(page);
    const sent: { path: string; authorization: string }[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === base && url.pathname.startsWith('/api/')) {
        sent.push({ path: url.pathname, authorization: request.headers().authorization ?? '' });
      }
    });

    // The stored access token expires and is replaced by one the API would refuse: a request that
    // read the stored session from here on and sent its token without refreshing it would carry
    // STALE. The bell's background requests (its poll, its stream's retries) may be on their way
    // meanwhile with the token they read before: they carry the one before, still valid.
    await patchUser(page, { access_token: STALE_ACCESS_TOKEN, expires_at: nowSeconds() - 10 });
    await page.getByRole('navigation').getByRole('link', { name: 'Tickets', exact: true }).click();
    await page.getByRole('heading', { name: 'Tickets', level: 1 }).waitFor();
    await expect.poll(async () => (await readUser(page))?.access_token).not.toBe(STALE_ACCESS_TOKEN);
    const queueRequests = () => sent.filter((request) => request.path === '/api/tickets');
    await expect.poll(() => queueRequests().length).toBeGreaterThan(0);

    expect(grants(tokenRequests)).toEqual(['refresh_token']);
    expect(Object.fromEntries(tokenRequests[0] ?? [])).toEqual({
      grant_type: 'refresh_token',
      refresh_token: before?.refresh_token,
      client_id: 'tm-portal',
    });
    const after = await readUser(page);
    expect(after?.access_token).not.toBe(before?.access_token);
    expect(after?.refresh_token).not.toBe(before?.refresh_token);
    expect(after?.expires_at).toBeGreaterThan(nowSeconds());
    // The queue, asked for after the expiry, waited for the refresh; no request went without a
    // token or with the expired one.
    for (const request of queueRequests()) expect(request.authorization).toBe(`Bearer ${after?.access_token}`);
    for (const request of sent) {
      expect([`Bearer ${before?.access_token}`, `Bearer ${after?.access_token}`], request.path).toContain(
        request.authorization,
      );
    }
    expect(page.url()).toBe(`${base}/Tickets`);
  });

  it('sends the user to /login with the session-expired message when both tokens have expired (not logged at start-up), and back after signing in', async () => {
    const page = await freshPage();
    await signInAt(page, '/Forms');
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const tokenRequests = recordTokenRequests(page);
    // Both tokens expire as the page reloads, before any of its code runs: the running page keeps
    // calling the API in the background (the notification bell), and a call between two edits of the
    // stored session could refresh it or meet the expiry mid-request. Once only (a session flag), so
    // the sign-in below is not undone.
    await page.addInitScript(
      (expired: { access: number; refresh: number }) => {
        if (sessionStorage.getItem('test.expired-once')) return;
        sessionStorage.setItem('test.expired-once', '1');
        const key = Object.keys(localStorage).find((name) => name.startsWith('auth.user:'));
        if (!key) throw new Error('no stored user');
        const user = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
        localStorage.setItem(key, JSON.stringify({ ...user, expires_at: expired.access }));
        localStorage.setItem('auth.refresh_token_expires_at', String(expired.refresh));
      },
      { access: nowSeconds() - 10, refresh: nowSeconds() - 1 },
    );

    await page.reload();
    await expectSignInPageWith(page, EXPIRED_MESSAGE);
    expect(tokenRequests).toEqual([]);
    expect((await storageKeys(page)).local).toEqual([]);
    // the only console error allowed: Playwright blocks service workers in this file (support/browser.ts)
    expect(errors.filter((text) => !text.startsWith('The offline worker could not be registered'))).toEqual([]);

    // The provider session is still alive: signing in again returns to the page the user was on.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/Forms`);
    await page.getByRole('heading', { name: 'Accounting', level: 2 }).waitFor();
  });

  it('sends the user to /login with the session-expired message when the refresh fails', async () => {
    const page = await freshPage();
    await signInAt(page, '/Tickets');
    // The ticket list's own requests must be done before the token is spoiled, or one of them (not
    // the click below) meets the failed refresh first on a slow machine.
    await page.getByRole('heading', { name: 'Tickets', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const tokenRequests = recordTokenRequests(page);
    await patchUser(page, { expires_at: nowSeconds() - 10, refresh_token: 'garbled-refresh-token' });

    await page.getByRole('link', { name: 'Forms', exact: true }).first().click();
    await expectSignInPageWith(page, EXPIRED_MESSAGE);
    expect(grants(tokenRequests)).toEqual(['refresh_token']);
    expect(await readUser(page)).toBeNull();
    expect(errors.some((text) => text.startsWith('[auth] request: ExpiredAuthSessionError'))).toBe(true);
  });
});

describe('signing out', () => {
  it('ends on / (in every tab), removes every auth. key and leaves a refresh token that no longer refreshes', async () => {
    const page = await freshPage();
    await signInAt(page, '/Tickets');
    // Prove the session's refresh token is live: the app refreshes with it, then holds a new one.
    await patchUser(page, { expires_at: nowSeconds() - 10 });
    await page.getByRole('link', { name: 'Forms', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Accounting', level: 2 }).waitFor();
    const refreshToken = (await readUser(page))?.refresh_token;
    expect(refreshToken).toBeTruthy();

    const otherTab = await context.newPage();
    await otherTab.goto(`${base}/Tickets`);
    await otherTab.getByRole('heading', { name: 'Tickets', level: 1 }).waitFor();

    const endSession = page.waitForRequest((request) => request.url().startsWith(`${base}/oidc/session/end?`));
    await page.getByRole('button', { name: 'Sign out' }).click();
    const endSessionParams = new URL((await endSession).url()).searchParams;
    expect(endSessionParams.get('id_token_hint')).toBeTruthy();
    expect(endSessionParams.get('post_logout_redirect_uri')).toBe(`${base}/`);

    // The provider asks for confirmation only when it cannot trust the hint; click it only then.
    const confirm = page.getByRole('button', { name: 'Yes, sign me out' });
    await expect
      .poll(async () => page.url() === `${base}/` || (await confirm.isVisible().catch(() => false)), {
        timeout: 15_000,
      })
      .toBe(true);
    if (page.url() !== `${base}/`) await confirm.click();
    await page.waitForURL(`${base}/`);
    await page.getByRole('heading', { name: 'TM online portal', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();

    const keys = await storageKeys(page);
    expect(keys.local.filter((key) => key.startsWith('auth.'))).toEqual([]);
    expect(keys.session.filter((key) => key.startsWith('auth.'))).toEqual([]);
    // the other tab saw the session end too: it went to /.
    await otherTab.waitForURL(`${base}/`);
    await otherTab.getByRole('button', { name: 'Sign in' }).waitFor();

    const response = await fetch(`${base}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken ?? '',
        client_id: 'tm-portal',
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error?: string }).error).toBe('invalid_grant');
  });
});
