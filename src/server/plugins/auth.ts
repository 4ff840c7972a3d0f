/**
 * One onRequest hook for all of /api, deny by default: every route whose path starts with /api
 * needs `Authorization: Bearer <access token>` unless its config says `public: true`.
 * Tokens are verified with jose (engineering notes "Server"; RFC 9068 JWT access tokens;
 * RFC 6750 error responses). On success the user is upserted by (issuer, subject) and
 * `request.user` carries their profile and effective scopes, computed per request.
 */
import type { FastifyInstance, FastifyPluginOptions, FastifyReply, FastifyRequest } from 'fastify';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { Profile } from '../../shared/me';
import type { OidcConfig } from '../config';
import { effectiveAccess, upsertUser } from '../db/users';
import { sharedPlugin } from '../lib/shared-plugin';

/** The signed-in user as routes see it: the `/api/me` profile. */
export type AuthUser = Profile;

/** Asymmetric algorithms only (never `none` or HMAC); both Entra ID and the built-in provider sign RS256. */
const ALGORITHMS = ['RS256'];
const CLOCK_TOLERANCE_S = 30;
const REALM = 'tm-portal';

type VerifyToken = (token: string) => Promise<JWTPayload>;

async function discoverJwksUri(issuer: string): Promise<URL> {
  const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`discovery document answered HTTP ${response.status}`);
  const metadata = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
  if (metadata.issuer !== issuer) throw new Error(`discovery document names issuer ${String(metadata.issuer)}`);
  if (typeof metadata.jwks_uri !== 'string') throw new Error('discovery document has no jwks_uri');
  return new URL(metadata.jwks_uri);
}

/** Builds the verifier: local JWKS for the built-in provider (`typ` must be `at+jwt`), the issuer's `jwks_uri` otherwise. */
export function createTokenVerifier(
  oidc: OidcConfig,
  builtinJwks: Parameters<typeof createLocalJWKSet>[0] | undefined,
): VerifyToken {
  const options = {
    issuer: oidc.issuer,
    audience: oidc.audience,
    algorithms: ALGORITHMS,
    requiredClaims: ['exp', 'iat', 'sub'],
    clockTolerance: CLOCK_TOLERANCE_S,
  };
  if (oidc.kind === 'builtin') {
    if (!builtinJwks) throw new Error('built-in provider keys are missing');
    const keys = createLocalJWKSet(builtinJwks);
    return async (token) => (await jwtVerify(token, keys, { ...options, typ: 'at+jwt' })).payload;
  }
  let remote: Promise<JWTVerifyGetKey> | null = null;
  return async (token) => {
    // Discovery is fetched lazily and retried after a failure, so an unreachable issuer does not stop the start.
    remote ??= discoverJwksUri(oidc.issuer).then((uri) => createRemoteJWKSet(uri));
    const keys = await remote.catch((error: unknown) => {
      remote = null;
      throw error;
    });
    return (await jwtVerify(token, keys, options)).payload;
  };
}

function failureReason(error: unknown): string {
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `${error.code}: ${error.claim} ${error.reason}`;
  if (error instanceof joseErrors.JOSEError) return `${error.code}: ${error.message}`;
  return `verification error: ${(error as Error).message}`;
}

function deny(request: FastifyRequest, reply: FastifyReply, reason: string, hadToken: boolean): FastifyReply {
  request.log.warn({ reason, route: request.routeOptions.url, method: request.method }, 'authentication failed');
  // RFC 6750 §3.1: no error code when the request carried no credentials at all.
  const challenge = hadToken
    ? `Bearer realm="${REALM}", error="invalid_token", error_description="The access token is invalid or has expired"`
    : `Bearer realm="${REALM}"`;
  return reply
    .code(401)
    .header('www-authenticate', challenge)
    .send({
      statusCode: 401,
      error: 'unauthorized',
      message: hadToken
        ? 'The access token is invalid or has expired.'
        : 'Sign-in required: send an access token as a Bearer Authorization header.',
    });
}

function stringClaim(claims: JWTPayload, name: string): string | undefined {
  const value = claims[name];
  return typeof value === 'string' && value ? value : undefined;
}

/** The token's group claim as a list; accepts a JSON array or a space-separated string. */
export function groupsFromClaims(claims: JWTPayload, claimName: string): string[] {
  const value = claims[claimName];
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === 'string');
  return typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : [];
}

/** Name and e-mail from standard claims; Entra ID puts the e-mail in `preferred_username` when `email` is absent. */
export function identityFromClaims(claims: JWTPayload, subject: string): { name: string; email: string | null } {
  const username = stringClaim(claims, 'preferred_username');
  const email = stringClaim(claims, 'email') ?? (username?.includes('@') ? username : undefined) ?? null;
  return { name: stringClaim(claims, 'name') ?? username ?? email ?? subject, email };
}

/** Token68 syntax of RFC 6750 §2.1; the scheme name is case-insensitive (RFC 9110 §11.1). */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/** See the module comment. Needs `app.db`; with the built-in provider also `app.builtinJwks`. */
export const authPlugin = sharedPlugin(
  (app: FastifyInstance, _options: FastifyPluginOptions, done: (error?: Error) => void) => {
    const { oidc } = app.config;
    const verify = createTokenVerifier(oidc, app.builtinJwks);
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request, reply) => {
      const route = request.routeOptions.url;
      if (!route?.startsWith('/api') || request.routeOptions.config.public === true) return undefined;
      const header = request.headers.authorization;
      const token = header ? BEARER.exec(header)?.[1] : undefined;
      if (!token) return deny(request, reply, header ? 'malformed Authorization header' : 'no token', Boolean(header));
      let claims: JWTPayload;
      try {
        claims = await verify(token);
      } catch (error) {
        return deny(request, reply, failureReason(error), true);
      }
      const subject = claims.sub;
      if (typeof subject !== 'string' || !subject) {
        return deny(request, reply, 'sub claim is not a non-empty string', true);
      }
      const { name, email } = identityFromClaims(claims, subject);
      const id = await upsertUser(app.db, { issuer: oidc.issuer, subject, name, email });
      const access = await effectiveAccess(app.db, id, groupsFromClaims(claims, oidc.groupsClaim));
      request.user = { id, issuer: oidc.issuer, subject, name, email, ...access };
      return undefined;
    });
    done();
  },
);
