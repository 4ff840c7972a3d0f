/**
 * The built-in OpenID Connect provider (panva oidc-provider v9, OpenID Certified) for local use,
 * configured as docs/behaviour.md "Built-in identity provider" describes: one public client
 * `tm-portal` with exactly one redirect URI, authorization code + PKCE S256 required (v9 supports
 * no other method), refresh tokens rotated on every use (a replayed one revokes the whole grant),
 * JWT access tokens (RFC 9068) for the audience `api://tm-portal` valid 15 minutes, RP-initiated
 * logout (automatic with a valid `id_token_hint`, confirmed otherwise) and token revocation, no dev
 * interactions.
 */
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import {
  BUILTIN_ACCESS_TOKEN_TTL_S,
  BUILTIN_AUDIENCE,
  BUILTIN_CLIENT_ID,
  BUILTIN_TOKEN_ALGORITHM,
  type AppConfig,
} from '../../config';
import type { Database } from '../../db/client';
import { findIdpAccount, toOidcAccount } from './accounts';
import { createOidcAdapter } from './adapter';
import type { ProviderKeys } from './keys';
import { createNonce, pageHeaders, renderAutoLogoutPage, renderLogoutPage, renderMessagePage } from './pages';

/** Path the provider is mounted at on the portal's server; the issuer is `${publicUrl}${OIDC_MOUNT_PATH}`. */
export const OIDC_MOUNT_PATH = '/oidc';
/** The resource server's only scope; access tokens carry it when the client asks for it. */
const API_SCOPE = 'api';
const ACCESS_TOKEN_TTL = BUILTIN_ACCESS_TOKEN_TTL_S;
const REFRESH_TOKEN_TTL = 30 * 24 * 60 * 60;
const DAY = 24 * 60 * 60;

async function loadExistingGrant(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const grantId = oidc.result?.consent?.grantId ?? (oidc.client && oidc.session?.grantIdFor(oidc.client.clientId));
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  if (existing || !oidc.client || !oidc.session?.accountId) return existing;
  // First-party client: consent is implied, so the grant is created here instead of a consent page.
  const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
  grant.addOIDCScope('openid profile email');
  grant.addResourceScope(BUILTIN_AUDIENCE, API_SCOPE);
  await grant.save();
  return grant;
}

function resourceIndicators(): NonNullable<Configuration['features']>['resourceIndicators'] {
  return {
    enabled: true,
    defaultResource: () => BUILTIN_AUDIENCE,
    useGrantedResource: () => true,
    getResourceServerInfo: (_ctx, indicator) => {
      if (indicator !== BUILTIN_AUDIENCE) throw new errors.InvalidTarget();
      return {
        audience: BUILTIN_AUDIENCE,
        scope: API_SCOPE,
        accessTokenFormat: 'jwt',
        accessTokenTTL: ACCESS_TOKEN_TTL,
        jwt: { sign: { alg: BUILTIN_TOKEN_ALGORITHM } },
      };
    },
  };
}

function refreshTokenTtl(ctx: KoaContextWithOIDC | undefined): number {
  // A rotated refresh token keeps the remaining lifetime of the one it replaces (absolute lifetime).
  const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
  return rotated ? rotated.remainingTTL : REFRESH_TOKEN_TTL;
}

function clientConfig(publicUrl: string): NonNullable<Configuration['clients']>[number] {
  return {
    client_id: BUILTIN_CLIENT_ID,
    client_name: 'TM online portal',
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [`${publicUrl}/login`],
    post_logout_redirect_uris: [`${publicUrl}/`],
  };
}

/**
 * True when the logout request's `id_token_hint` (already validated by the provider: our
 * signature, our issuer, a registered client as audience) names the signed-in user, and that
 * user's session has authorized the client. Only then may the OP skip asking (OpenID Connect
 * RP-Initiated Logout 1.0, section 2: it MUST ask when there is no hint or the hint does not belong to
 * the current session/user).
 */
function hintMatchesSession(ctx: KoaContextWithOIDC): boolean {
  const { session, client, entities } = ctx.oidc;
  const hint = (entities as { IdTokenHint?: { payload?: Record<string, unknown> } }).IdTokenHint?.payload;
  if (!hint || !client || !session?.accountId) return false;
  if (hint.aud !== client.clientId || hint.sub !== session.accountId) return false;
  if (!session.grantIdFor(client.clientId)) return false;
  return hint.sid === undefined || hint.sid === session.sidFor(client.clientId);
}

/**
 * The pages oidc-provider lets the portal render (its error page, the logout confirmation and the
 * "signed out" page), each with a fresh CSP nonce (./pages.ts).
 */
function pagesConfig(publicUrl: string): Pick<Configuration, 'renderError'> & {
  logout: NonNullable<NonNullable<Configuration['features']>['rpInitiatedLogout']>;
} {
  const homeUrl = `${publicUrl}/`;
  return {
    renderError: (ctx, out) => {
      const nonce = createNonce();
      ctx.set(pageHeaders(nonce));
      const message = out.error_description ?? out.error;
      ctx.body = renderMessagePage({ title: 'Sign-in problem', message, homeUrl, nonce });
    },
    logout: {
      enabled: true,
      // oidc-provider has no switch to skip the confirmation; its maintainer's advice is a
      // self-submitting form rendered by `logoutSource`.
      logoutSource: (ctx, form) => {
        const nonce = createNonce();
        ctx.set(pageHeaders(nonce));
        ctx.body = hintMatchesSession(ctx) ? renderAutoLogoutPage(form, nonce) : renderLogoutPage(form, nonce);
      },
      postLogoutSuccessSource: (ctx) => {
        const nonce = createNonce();
        ctx.set(pageHeaders(nonce));
        ctx.body = renderMessagePage({ title: 'Signed out', message: 'You are signed out.', homeUrl, nonce });
      },
    },
  };
}

/** Builds the provider; `extraTokenClaims` puts `name`, `email` and `groups` into access tokens. */
export function createIdentityProvider(config: AppConfig, db: Database, keys: ProviderKeys): Provider {
  const pages = pagesConfig(config.publicUrl);
  const configuration: Configuration = {
    adapter: createOidcAdapter(db),
    clients: [clientConfig(config.publicUrl)],
    jwks: { keys: keys.signing },
    // Like every stored piece of the sign-in, the cookies are named `auth.…`
    // (docs/behaviour.md "Built-in identity provider").
    cookies: {
      keys: keys.cookies,
      names: { session: 'auth.session', interaction: 'auth.interaction', resume: 'auth.interaction_resume' },
    },
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
    findAccount: async (_ctx, sub) => {
      const account = await findIdpAccount(db, sub);
      return account ? toOidcAccount(account) : undefined;
    },
    extraTokenClaims: async (_ctx, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const account = accountId ? await findIdpAccount(db, accountId) : undefined;
      return account ? { name: account.name, email: account.email, groups: account.groups } : undefined;
    },
    features: {
      devInteractions: { enabled: false },
      // RFC 7009 section 2.1: a client may revoke only its own tokens (for a public client, other tokens are ignored).
      revocation: { enabled: true, allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId },
      rpInitiatedLogout: pages.logout,
      resourceIndicators: resourceIndicators(),
    },
    responseTypes: ['code'],
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `${OIDC_MOUNT_PATH}/interaction/${interaction.uid}` },
    loadExistingGrant,
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    renderError: pages.renderError,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL,
      Interaction: 60 * 60,
      Session: 30 * DAY,
      Grant: 30 * DAY,
      RefreshToken: (ctx) => refreshTokenTtl(ctx),
    },
  };
  const provider = new Provider(`${config.publicUrl}${OIDC_MOUNT_PATH}`, configuration);
  // URLs in discovery and redirects are built from PUBLIC_URL, never from the request's Host header
  // (see `mountProvider` in ./index.ts, which sets the forwarded headers itself).
  provider.proxy = true;
  return provider;
}
