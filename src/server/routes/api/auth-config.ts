import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { AuthConfig } from '../../../shared/me';
import { AuthConfigSchema } from './schemas';

/**
 * `GET /api/auth/config` (public) → {@link AuthConfig}: how the browser signs in — the built-in
 * provider at `${PUBLIC_URL}/oidc` or OIDC_ISSUER; scope `openid profile email` (plus
 * OIDC_EXTRA_SCOPES), the resource indicator when the issuer takes one, strategy `aad`
 * (docs/behaviour.md "Sign-in").
 */
export const authConfigRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const { oidc } = app.config;
  const body: AuthConfig = {
    authority: oidc.issuer,
    clientId: oidc.clientId,
    audience: oidc.audience,
    scope: ['openid', 'profile', 'email', ...oidc.extraScopes].join(' '),
    resource: oidc.resource,
    strategy: 'aad',
  };
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
