/**
 * The built-in OpenID Connect provider (panva oidc-provider v9, OpenID Certified) for local use,
 * configured as issue 2/3 ask: one public client `tm-portal`, authorization code + PKCE S256
 * required, rotating refresh tokens, JWT access tokens (RFC 9068) for the audience
 * `api://tm-portal` valid 15 minutes, RP-initiated logout and revocation, no dev interactions.
 */
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { BUILTIN_AUDIENCE, BUILTIN_CLIENT_ID, type AppConfig } from '../config';
import type { Database } from '../db/client';
import { findIdpAccount, toOidcAccount } from './accounts';
import { createOidcAdapter } from './adapter';
import type { ProviderKeys } from './keys';
import { renderLogoutPage, renderMessagePage } from './pages';

/** Path the provider is mounted at on the portal's server; the issuer is `${publicUrl}${OIDC_MOUNT_PATH}`. */
export const OIDC_MOUNT_PATH = '/oidc';
/** The resource server's only scope; access tokens carry it when the client asks for it. */
const API_SCOPE = 'api';
const ACCESS_TOKEN_TTL = 15 * 60;
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
        jwt: { sign: { alg: 'RS256' } },
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

function pagesConfig(publicUrl: string): Pick<Configuration, 'renderError'> & {
  logout: NonNullable<NonNullable<Configuration['features']>['rpInitiatedLogout']>;
} {
  return {
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderMessagePage({
        title: 'Sign-in problem',
        message: out.error_description ?? out.error,
        homeUrl: `${publicUrl}/`,
      });
    },
    logout: {
      enabled: true,
      logoutSource: (ctx, form) => {
        ctx.body = renderLogoutPage(form);
      },
      postLogoutSuccessSource: (ctx) => {
        ctx.body = renderMessagePage({ title: 'Signed out', message: 'You are signed out.', homeUrl: `${publicUrl}/` });
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
    cookies: { keys: keys.cookies },
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
      revocation: { enabled: true },
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
  // (see the mount in plugins/identity-provider.ts, which sets the forwarded headers itself).
  provider.proxy = true;
  return provider;
}
