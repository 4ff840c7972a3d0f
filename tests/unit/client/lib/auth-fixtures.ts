/** The portal's origin and auth config (`GET /api/auth/config`) as the client's auth tests use them. */
import type { AuthConfig } from '../../../../src/shared/me';

export const ORIGIN = 'https://portal.example';
/** The built-in identity provider's issuer at {@link ORIGIN}. */
export const ISSUER = `${ORIGIN}/oidc`;
export const AUTH_CONFIG: AuthConfig = {
  authority: ISSUER,
  clientId: 'tm-portal',
  audience: 'api://tm-portal',
  scope: 'openid profile email',
  resource: 'api://tm-portal',
  strategy: 'aad',
};
