/**
 * Sign-in strategies: the default one is named 'aad'; a second provider configuration exists but
 * is not registered.
 *
 * A strategy is the shape of the OpenID Connect requests for one kind of provider. `aad` (Azure AD
 * / Entra ID, and any standards-compliant issuer such as the built-in one) is the only registered
 * strategy. `google` is kept as a second, complete configuration but is NOT registered: asking for
 * it fails like any unknown name. Registering it is a one-line change in {@link REGISTERED_STRATEGIES}
 * plus a server that hands out its name in `GET /api/auth/config`.
 */
import type { AuthConfig } from '../../shared/me';

/** One provider configuration. */
export type AuthStrategy = {
  name: string;
  description: string;
  /** Requested scopes (`openid profile email`); the server's `AuthConfig.scope` overrides. */
  scope: string;
  /** Extra authorization-request parameters (`access_type=offline`). */
  authorizationParams: Readonly<Record<string, string>>;
  /**
   * Extra parameters of the code exchange only — not of the refresh, which carries exactly
   * `refresh_token`, `client_id` and `grant_type` (RFC 6749 section 6).
   */
  codeExchangeParams: (config: AuthConfig) => Record<string, string>;
  /** Send the server's `AuthConfig.resource` (RFC 8707) on the authorization request, when it names one. */
  sendsResourceIndicator: boolean;
  /** Fixed issuer, for strategies bound to one provider; `undefined` = the configured authority. */
  issuer?: string;
};

/** Name of the default strategy. */
export const DEFAULT_STRATEGY = 'aad';

/** `aad`: authorization code + PKCE S256 (RFC 7636) with the parameters above; the registered default. */
export const AAD_STRATEGY: AuthStrategy = {
  name: 'aad',
  description: 'Azure AD / Entra ID or any OpenID Connect issuer (the built-in provider included)',
  scope: 'openid profile email',
  authorizationParams: { access_type: 'offline' },
  codeExchangeParams: (config) => ({
    response_type: 'code',
    ...(config.audience ? { audience: config.audience } : {}),
  }),
  sendsResourceIndicator: true,
};

/**
 * The second provider configuration: Google accounts. Defined, deliberately NOT
 * registered — the portal signs in through the organisation's provider only.
 */
export const GOOGLE_STRATEGY: AuthStrategy = {
  name: 'google',
  description: 'Google accounts (defined, not registered)',
  scope: 'openid profile email',
  authorizationParams: { access_type: 'offline', prompt: 'consent' },
  codeExchangeParams: () => ({ response_type: 'code' }),
  sendsResourceIndicator: false,
  issuer: 'https://accounts.google.com',
};

/** The strategies the portal may use, by name. */
export const REGISTERED_STRATEGIES: ReadonlyMap<string, AuthStrategy> = new Map([[AAD_STRATEGY.name, AAD_STRATEGY]]);

/** Every configuration in the code, registered or not. */
export const DEFINED_STRATEGIES: readonly AuthStrategy[] = [AAD_STRATEGY, GOOGLE_STRATEGY];

/**
 * The registered strategy called `name` (default {@link DEFAULT_STRATEGY}). Throws for an unknown
 * or unregistered name, e.g. `google`.
 */
export function resolveStrategy(name: string | undefined = DEFAULT_STRATEGY): AuthStrategy {
  const strategy = REGISTERED_STRATEGIES.get(name || DEFAULT_STRATEGY);
  if (!strategy) throw new Error(`Unknown sign-in strategy "${name}"`);
  return strategy;
}
