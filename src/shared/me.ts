/** `GET /api/me`: the signed-in user's profile with the scopes computed from role groups. */
export type Profile = {
  id: string;
  /** Issuer and subject that identify the user (users are keyed by both, never by e-mail). */
  issuer: string;
  subject: string;
  name: string;
  email: string | null;
  /** Names of the role groups the user belongs to. */
  roleGroups: string[];
  /** Effective scopes: union of the role groups' scopes (docs/behaviour.md "Role groups"). */
  scope: string[];
};

/** `GET /api/auth/config` (public): how the browser signs in. */
export type AuthConfig = {
  /** OpenID Connect issuer (authority) URL. */
  authority: string;
  clientId: string;
  /** Audience (resource indicator, RFC 8707) of the portal API's access tokens. */
  audience: string;
  /**
   * Requested scopes: `openid profile email` and any the issuer needs besides (`OIDC_EXTRA_SCOPES`;
   * docs/behaviour.md "Sign-in").
   */
  scope: string;
  /** RFC 8707 resource indicator to send with the authorization request, or null for issuers that reject it (Entra ID v2). */
  resource: string | null;
  /** Default sign-in strategy name: `aad` (docs/behaviour.md "Sign-in"). */
  strategy: string;
};

/**
 * The id of the data block (`<script type="application/json">`) in which the server writes the
 * {@link AuthConfig} into the page it serves, so the page's first API requests need not ask for it.
 */
export const AUTH_CONFIG_ELEMENT_ID = 'auth-config';

/** `GET /api/properties` item. */
export type Property = { code: string; name: string; region: string; active: boolean };
