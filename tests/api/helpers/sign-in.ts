/**
 * Obtains real access tokens from the built-in provider by driving its authorization-code + PKCE
 * flow entirely through `app.inject` (no network): /oidc/auth → sign-in page → POST the form →
 * follow redirects with the provider's cookies → code at the redirect URI → POST /oidc/token.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export type TokenSet = {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
  token_type: string;
};

const CLIENT_ID = 'tm-portal';
/** The client's registered redirect URI: the SPA's /login on PUBLIC_URL. */
const redirectUriOf = (app: FastifyInstance) => `${app.config.publicUrl}/login`;
const cache = new WeakMap<FastifyInstance, Map<string, TokenSet>>();

/** A minimal cookie jar: name → value, updated from Set-Cookie; paths are ignored (names are unique here). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const expired =
        (cookie.expires && cookie.expires.getTime() < Date.now()) || cookie.maxAge === 0 || cookie.value === '';
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Path and query of an absolute or relative Location header. */
export function pathOf(location: string | string[] | number | undefined): string {
  if (typeof location !== 'string') throw new Error(`expected a redirect, got Location ${String(location)}`);
  const url = new URL(location, 'http://localhost');
  return `${url.pathname}${url.search}`;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function follow(app: FastifyInstance, jar: CookieJar, url: string): Promise<LightMyRequestResponse> {
  const response = await app.inject({ method: 'GET', url, headers: { cookie: jar.header() } });
  jar.store(response);
  return response;
}

/** Runs the browser part of the flow and returns the authorization code. Throws on a wrong password. */
export async function authorize(
  app: FastifyInstance,
  username: string,
  password: string,
  challenge: string,
  jar = new CookieJar(),
  extraParams: Record<string, string> = {},
): Promise<string> {
  const redirectUri = redirectUriOf(app);
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    state: randomBytes(8).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    access_type: 'offline',
    ...extraParams,
  });
  const start = await follow(app, jar, `/oidc/auth?${query}`);
  const interaction = pathOf(start.headers.location);
  await follow(app, jar, interaction);
  const login = await app.inject({
    method: 'POST',
    url: `${interaction}/login`,
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });
  jar.store(login);
  if (login.statusCode !== 303) throw new Error(`sign-in as ${username} failed: HTTP ${login.statusCode}`);
  let response = await follow(app, jar, pathOf(login.headers.location));
  while (response.statusCode >= 300 && response.statusCode < 400) {
    const location = String(response.headers.location);
    if (location.startsWith(redirectUri)) {
      const code = new URL(location).searchParams.get('code');
      if (code) return code;
    }
    response = await follow(app, jar, pathOf(location));
  }
  throw new Error(`no authorization code: HTTP ${response.statusCode} ${response.body.slice(0, 300)}`);
}

/** Exchanges a code at the token endpoint (public client + PKCE). */
export async function exchangeCode(app: FastifyInstance, code: string, verifier: string): Promise<TokenSet> {
  const response = await app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    // The browser app's code exchange also sends response_type and audience (as here); the provider ignores them.
    payload: new URLSearchParams({
      code,
      client_id: CLIENT_ID,
      redirect_uri: redirectUriOf(app),
      response_type: 'code',
      audience: 'api://tm-portal',
      grant_type: 'authorization_code',
      code_verifier: verifier,
    }).toString(),
  });
  if (response.statusCode !== 200) throw new Error(`token endpoint: HTTP ${response.statusCode} ${response.body}`);
  return response.json<TokenSet>();
}

/** Signs in as a demo user (password `demo`) and returns the tokens; cached per app and user. */
export async function signIn(app: FastifyInstance, username: string): Promise<TokenSet> {
  const perApp = cache.get(app) ?? new Map<string, TokenSet>();
  cache.set(app, perApp);
  const cached = perApp.get(username);
  if (cached) return cached;
  const { verifier, challenge } = pkcePair();
  const tokens = await exchangeCode(app, await authorize(app, username, 'demo', challenge), verifier);
  perApp.set(username, tokens);
  return tokens;
}

/** `{ authorization: 'Bearer …' }` for a demo user. */
export async function authHeader(app: FastifyInstance, username: string): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${(await signIn(app, username)).access_token}` };
}
