import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { AuthConfig } from '../../../shared/me';
import type { OidcConfig } from '../../config';
import { AuthConfigSchema } from './schemas';

/**
 * The browser's sign-in settings for the portal's OpenID Connect settings: what `GET
 * /api/auth/config` answers, and what the served page carries (plugins/static.ts).
 */
export function authConfigOf(oidc: OidcConfig): AuthConfig {
  return {
    authority: oidc.issuer,
    clientId: oidc.clientId,
    audience: oidc.audience,
    scope: ['openid', 'profile', 'email', ...oidc.extraScopes].join(' '),
    resource: oidc.resource,
    strategy: 'aad',
  };
}

/**
 * `GET /api/auth/config` (public) → {@link AuthConfig}: how the browser signs in — the built-in
 * provider at `${PUBLIC_URL}/oidc` or OIDC_ISSUER; scope `openid profile email` (plus
 * OIDC_EXTRA_SCOPES), the resource indicator when the issuer takes one, strategy `aad`
 * (docs/behaviour.md "Sign-in").
 */
export const authConfigRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const body = authConfigOf(app.config.oidc);
  app.get(
    '/auth/config',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign-in settings for the browser',
        security: [],
        response: { 200: AuthConfigSchema },
      },
    },
    () => body,
  );
  done();
};
