/**
 * OpenID Connect sign-in for the browser (docs/behaviour.md), on oidc-client-ts, configured
 * at run time from `GET /api/auth/config` (never baked into the build).
 *
 * The only module that imports oidc-client-ts, and a chunk of its own: auth.ts loads it with
 * `import()` only to sign in, complete the sign-in callback, refresh an expired access token and
 * sign out. A page whose stored access token is still valid never loads it (stored-tokens.ts reads
 * that token without the library).
 *
 * - Authorization code flow with PKCE S256, a fresh single-use `state` and `nonce` per sign-in,
 *   `access_type=offline` and the strategy's scope; the strategy (`aad`) shapes the requests.
 * - The callback is processed with `OidcClient` (not `UserManager`) so that the ID token checks
 *   oidc-client-ts leaves out (`iss`, `aud`, `exp`, `nonce`; see id-token.ts) run BEFORE anything is
 *   stored: a refused callback leaves no session behind.
 * - Token expiry as token-expiry.ts computes it. The refresh is ours too (`OidcClient.useRefreshToken`
 *   with no scope or resource) so it carries exactly `refresh_token`, `client_id` and `grant_type`;
 *   one refresh at a time across the tabs (Web Locks), because refresh tokens rotate and a replay
 *   revokes the grant.
 * - Storage: see auth-storage.ts (every key `auth.`; sign-in state per tab in session storage). The
 *   tokens are stored through `UserManager.storeUser` only, in the format stored-tokens.ts reads.
 */
import ky from 'ky';
import {
  OidcClient,
  User,
  UserManager,
  WebStorageStateStore,
  type RefreshState,
  type SigninResponse,
  type UserManagerSettings,
} from 'oidc-client-ts';
import type { AuthConfig } from '../../shared/me';
import { paths } from '../config/paths';
import { ExpiredAuthSessionError, InvalidTokenError, logAuthError, SignInError } from './auth-errors';
import {
  AUTH_STORAGE_PREFIX,
  clearAuthStorage,
  readRefreshExpiry,
  rememberReturnPath,
  SIGN_IN_STATE_PREFIX,
  takeReturnPath,
  writeRefreshExpiry,
} from './auth-storage';
import { resolveStrategy, type AuthStrategy } from './auth-strategies';
import { checkIdToken, checkIssuerMatchesAuthority } from './id-token';
import { accessTokenExpiresAt, isTokenExpired, refreshTokenExpiresAt } from './token-expiry';

/** Where the auth code runs: the page's origin and storages, a clock, and a cross-tab lock. */
export type AuthEnvironment = {
  /** The portal's origin, e.g. `https://portal.example` (redirect URIs and the redirect-path rule). */
  origin: string;
  localStorage: Storage;
  sessionStorage: Storage;
  /** Current time in Unix milliseconds (default `Date.now`). */
  now?: () => number;
  /** Runs `task` while holding the lock `name`, shared by every tab (default: no lock). */
  withLock?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
  /** Sends the browser to `url` (the provider's authorization or end-session endpoint). */
  navigate: (url: string) => void;
};

/** Seconds a token request may take before it is abandoned. */
const TOKEN_REQUEST_TIMEOUT_S = 15;
/** Name of the cross-tab lock held during a refresh. */
const REFRESH_LOCK = `${AUTH_STORAGE_PREFIX}refresh`;

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * What `OidcClient.useRefreshToken` needs of the stored user. A plain object: oidc-client-ts types
 * `RefreshState` but does not export the class at run time. No `scope`, so none is sent.
 */
function refreshStateOf(user: User, refreshToken: string): RefreshState {
  return {
    refresh_token: refreshToken,
    id_token: user.id_token,
    session_state: user.session_state,
    profile: user.profile,
    scope: undefined,
    data: undefined,
  };
}

/** The `UserManager` settings for `config` and `strategy` in `env` (exported for tests). */
export function userManagerSettings(
  config: AuthConfig,
  strategy: AuthStrategy,
  env: AuthEnvironment,
): UserManagerSettings {
  return {
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: `${env.origin}${paths.login}`,
    post_logout_redirect_uri: `${env.origin}${paths.home}`,
    response_type: 'code',
    scope: config.scope || strategy.scope,
    resource: strategy.sendsResourceIndicator && config.resource ? config.resource : undefined,
    // Only the code exchange carries these: oidc-client-ts copies settings.extraTokenParams into the
    // sign-in state; a refresh through useRefreshToken gets none unless passed explicitly.
    extraTokenParams: strategy.codeExchangeParams(config),
    loadUserInfo: false,
    automaticSilentRenew: false,
    monitorSession: false,
    revokeTokenTypes: ['refresh_token'],
    revokeTokensOnSignout: false,
    userStore: new WebStorageStateStore({ store: env.localStorage, prefix: AUTH_STORAGE_PREFIX }),
    stateStore: new WebStorageStateStore({ store: env.sessionStorage, prefix: SIGN_IN_STATE_PREFIX }),
  };
}

function nonceOf(userState: unknown): string {
  const nonce =
    typeof userState === 'object' && userState !== null ? (userState as { nonce?: unknown }).nonce : undefined;
  if (typeof nonce !== 'string' || nonce === '') throw new InvalidTokenError('The sign-in state carries no nonce.');
  return nonce;
}

function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'error' in error) {
    const { error: code, error_description: description } = error as { error?: unknown; error_description?: unknown };
    if (typeof description === 'string' && description) return `${description} (${String(code)})`;
    if (typeof code === 'string') return code;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Maps whatever processing the callback threw to a {@link SignInError} with a readable message.
 * `fromProvider` is true when the callback URL itself carried `error` (the provider refused).
 */
export function toSignInError(error: unknown, fromProvider: boolean): SignInError {
  if (error instanceof SignInError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof InvalidTokenError || (error instanceof Error && error.name === 'InvalidTokenError')) {
    return new SignInError('invalid-token', message, { cause: error });
  }
  if (/no state in response/i.test(message)) return new SignInError('missing-state', undefined, { cause: error });
  if (/state|mismatch on settings/i.test(message) && !(error instanceof Error && error.name === 'ErrorResponse')) {
    return new SignInError('state-mismatch', undefined, { cause: error });
  }
  if (/nonce|id_token|id token/i.test(message)) return new SignInError('invalid-token', message, { cause: error });
  if (fromProvider) return new SignInError('provider-error', errorText(error), { cause: error });
  return new SignInError('exchange-failed', errorText(error), { cause: error });
}

/**
 * Sign-in, session and sign-out for one page. Create it with the auth config and an environment;
 * the page uses one instance (`getAuth` in auth.ts), tests make their own.
 */
export class PortalAuth {
  readonly config: AuthConfig;
  readonly strategy: AuthStrategy;
  readonly manager: UserManager;
  private readonly client: OidcClient;
  private readonly env: AuthEnvironment;
  private readonly now: () => number;
  private refreshing: Promise<User> | null = null;
  private readonly callbacks = new Map<string, Promise<string>>();

  constructor(config: AuthConfig, env: AuthEnvironment) {
    this.config = config;
    this.strategy = resolveStrategy(config.strategy);
    this.env = env;
    this.now = env.now ?? Date.now;
    this.manager = new UserManager(userManagerSettings(config, this.strategy, env));
    // The same settings and discovery document as the manager; used for the callback and the refresh.
    this.client = new OidcClient(this.manager.settings, this.manager.metadataService);
  }

  /**
   * The per-request sign-in arguments: a fresh `nonce` (sent, and kept in the tab's sign-in
   * state to be compared with the ID token's) and the strategy's extra parameters.
   */
  signInRequestArgs(): { nonce: string; state: { nonce: string }; extraQueryParams: Record<string, string> } {
    const nonce = randomToken();
    return { nonce, state: { nonce }, extraQueryParams: { ...this.strategy.authorizationParams } };
  }

  /**
   * Remembers `returnTo` and prepares the authorization request: the
   * PKCE verifier, `state` and `nonce` go into this tab's session storage; resolves with the URL.
   */
  async createSignInUrl(returnTo: string): Promise<string> {
    rememberReturnPath(returnTo, this.env.sessionStorage, this.env.origin);
    const request = await this.client.createSigninRequest(this.signInRequestArgs());
    return request.url;
  }

  /** {@link createSignInUrl}, then sends the browser to the authorization endpoint. */
  async startSignIn(returnTo: string): Promise<void> {
    this.env.navigate(await this.createSignInUrl(returnTo));
  }

  /**
   * Completes the callback `url` (`/login?code=…&state=…`) and resolves with the
   * page to go to. The state must be one this tab stored and not yet used; an `iss` parameter
   * (RFC 9207) must name the configured issuer; the code is exchanged; the ID token's `iss`, `aud`,
   * `exp` and `nonce` are checked; only then is the session stored.
   * Rejects with a {@link SignInError} (nothing stored) otherwise. Concurrent calls for one URL share one run.
   */
  completeSignIn(url: string): Promise<string> {
    let pending = this.callbacks.get(url);
    if (!pending) {
      pending = this.processCallback(url);
      this.callbacks.set(url, pending);
      // Only concurrent calls share the result; a later replay of the URL is processed (and refused) anew.
      pending.then(
        () => this.callbacks.delete(url),
        () => this.callbacks.delete(url),
      );
    }
    return pending;
  }

  private async processCallback(url: string): Promise<string> {
    const params = new URL(url).searchParams;
    const state = params.get('state');
    if (!state) throw new SignInError('missing-state');
    try {
      const issuer = await this.expectedIssuer();
      const responseIssuer = params.get('iss');
      if (responseIssuer !== null && responseIssuer !== issuer) {
        // RFC 9207: an answer naming another issuer is refused before the code goes anywhere; its state is spent.
        await this.manager.settings.stateStore.remove(state.split(';')[0] ?? state);
        throw new InvalidTokenError(
          `The answer names the issuer (iss) ${JSON.stringify(responseIssuer)}, expected ${JSON.stringify(issuer)}.`,
        );
      }
      const response = await this.client.processSigninResponse(url);
      checkIdToken(response.id_token, {
        issuer,
        clientId: this.config.clientId,
        nonce: nonceOf(response.userState),
        nowMs: this.now(),
      });
      if (!response.access_token) throw new InvalidTokenError('The identity provider returned no access token.');
      await this.storeTokens(response, null);
    } catch (error) {
      throw toSignInError(error, params.has('error'));
    }
    return takeReturnPath(this.env.sessionStorage, this.env.origin);
  }

  private async expectedIssuer(): Promise<string> {
    const issuer = this.strategy.issuer ?? (await this.manager.metadataService.getIssuer());
    if (!this.strategy.issuer) checkIssuerMatchesAuthority(issuer, this.config.authority);
    return issuer;
  }

  private async storeTokens(response: SigninResponse, previous: User | null): Promise<User> {
    const receivedAt = this.now();
    const user = new User({
      id_token: response.id_token ?? previous?.id_token,
      session_state: response.session_state ?? previous?.session_state ?? null,
      access_token: response.access_token,
      refresh_token: response.refresh_token ?? previous?.refresh_token,
      token_type: response.token_type || 'Bearer',
      scope: response.scope ?? previous?.scope,
      profile: response.profile,
      expires_at: accessTokenExpiresAt(response.access_token, receivedAt, response.expires_in),
    });
    await this.manager.storeUser(user);
    if (response.refresh_token) {
      writeRefreshExpiry(this.env.localStorage, refreshTokenExpiresAt(response.refresh_token, receivedAt));
    } else if (!previous) {
      writeRefreshExpiry(this.env.localStorage, undefined);
    }
    return user;
  }

  /** The stored session (tokens), whatever their age; `null` when signed out. */
  getUser(): Promise<User | null> {
    return this.manager.getUser();
  }

  /**
   * The access token to send as Bearer (RFC 6750): the stored one while valid,
   * otherwise a refreshed one. `null` when nobody is signed in. Throws
   * {@link ExpiredAuthSessionError} (after resetting the session) when it cannot be refreshed.
   */
  async getValidAccessToken(): Promise<string | null> {
    const user = await this.manager.getUser();
    if (!user) return null;
    if (!isTokenExpired(user.expires_at, this.now())) return user.access_token;
    return (await this.refresh()).access_token;
  }

  /**
   * Refreshes the session with the refresh token, one refresh at a time in this tab and across
   * tabs. Throws {@link ExpiredAuthSessionError} (session reset) when the refresh token has
   * expired, is missing, or the provider refuses it; `cause` holds the provider's answer.
   */
  refresh(): Promise<User> {
    const run = () => this.refreshOnce();
    this.refreshing ??= (this.env.withLock ? this.env.withLock(REFRESH_LOCK, run) : run()).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refreshOnce(): Promise<User> {
    const user = await this.manager.getUser();
    if (!user) throw new ExpiredAuthSessionError();
    // Another tab may have refreshed while this one waited for the lock.
    if (!isTokenExpired(user.expires_at, this.now())) return user;
    if (!user.refresh_token || isTokenExpired(readRefreshExpiry(this.env.localStorage), this.now())) {
      this.reset();
      throw new ExpiredAuthSessionError();
    }
    let response: SigninResponse;
    try {
      response = await this.client.useRefreshToken({
        // No scope and no resource: the refresh carries refresh_token, client_id and grant_type only.
        state: refreshStateOf(user, user.refresh_token),
        timeoutInSeconds: TOKEN_REQUEST_TIMEOUT_S,
      });
      if (!response.access_token) throw new InvalidTokenError('The identity provider returned no access token.');
      if (response.id_token && response.id_token !== user.id_token) {
        checkIdToken(response.id_token, {
          issuer: await this.expectedIssuer(),
          clientId: this.config.clientId,
          nowMs: this.now(),
        });
      }
    } catch (cause) {
      this.reset();
      throw new ExpiredAuthSessionError({ cause });
    }
    return this.storeTokens(response, user);
  }

  /** Resets the session: removes the tokens and every other `auth.` key of local storage. */
  reset(): void {
    clearAuthStorage(this.env.localStorage);
  }

  /**
   * Revokes `refreshToken` at the provider's revocation endpoint (RFC 7009: form-encoded `token`,
   * `token_type_hint`, `client_id`; any 2xx is success). Throws when the provider has no such
   * endpoint or answers otherwise. Done here rather than with oidc-client-ts's `revokeTokens`,
   * which rejects the empty `text/plain` answer RFC 7009 allows.
   */
  async revokeRefreshToken(refreshToken: string): Promise<void> {
    const endpoint = await this.manager.metadataService.getRevocationEndpoint(false);
    const body = new URLSearchParams({
      token: refreshToken,
      token_type_hint: 'refresh_token',
      client_id: this.config.clientId,
    });
    await ky.post(endpoint, { body, timeout: TOKEN_REQUEST_TIMEOUT_S * 1000, retry: 0 });
  }

  /**
   * Signs out: revokes the refresh token (RFC 7009, best effort), clears every `auth.`
   * key, then ends the provider session with RP-initiated logout and `id_token_hint`; the provider
   * returns to `/`. Throws when the provider has no end-session endpoint (the caller then goes to `/`).
   */
  async signOut(): Promise<void> {
    const user = await this.manager.getUser();
    if (user?.refresh_token) {
      await this.revokeRefreshToken(user.refresh_token).catch((error: unknown) => logAuthError(error, 'sign-out'));
    }
    clearAuthStorage(this.env.localStorage, this.env.sessionStorage);
    const request = await this.client.createSignoutRequest({ id_token_hint: user?.id_token });
    this.env.navigate(request.url);
  }
}

/** The page's environment: its origin, storages and the Web Locks API where the browser has it. */
export function browserAuthEnvironment(): AuthEnvironment {
  const { locks } = navigator as Partial<Navigator>;
  return {
    origin: window.location.origin,
    localStorage: window.localStorage,
    sessionStorage: window.sessionStorage,
    withLock: locks ? (name, task) => locks.request(name, task) : undefined,
    navigate: (url) => window.location.assign(url),
  };
}
