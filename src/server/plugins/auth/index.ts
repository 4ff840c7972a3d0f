/**
 * One onRequest hook for all of /api, deny by default: every route whose path starts with /api
 * needs `Authorization: Bearer <access token>` unless its config says `permission: 'public'`, and
 * the user must satisfy the route's declared permission (./route-permission.ts; 403 otherwise).
 * Tokens are verified with jose (RFC 9068 JWT access tokens; RFC 8725 JWT best practices; RFC 6750
 * error responses; the checks are listed in docs/behaviour.md "Access-token checks"). On success the
 * user is upserted by (issuer, subject) — never by e-mail — and `request.user` carries their profile
 * and effective scopes (domains/role-groups/access.ts: cached until any role-group change, at most
 * 5 s) and role-group ids; the user row is read at most every 5 minutes per process
 * (domains/role-groups/users.ts `upsertUser`). Every refusal (401, and 403 from a route) is logged
 * with its reason, route and, where known, the user; never with the token.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
  type JWTVerifyOptions,
} from 'jose';
import { BUILTIN_ACCESS_TOKEN_TTL_S, type OidcConfig } from '../../config';
import { cachedEffectiveAccess, roleGroupNames, upsertUser } from '../../domains/role-groups';
import type { HttpError } from '../../lib/errors';
import { describePermission, isRoutePermission, permits } from './route-permission';
import { sharedPlugin } from '../../lib/shared-plugin';
import { isStorableText } from '../../lib/storable-input';

/** Seconds of clock skew accepted on `exp`, `nbf` and `iat` (docs/behaviour.md "Access-token checks"). */
export const CLOCK_TOLERANCE_S = 30;
const REALM = 'tm-portal';
/**
 * JOSE header parameters that name or carry a verification key. Keys come from the issuer's
 * `jwks_uri` only, so a token that brings its own is refused outright (RFC 8725 section 3.10; jose
 * ignores them anyway — refusing also makes the log say why).
 */
const KEY_HEADERS = ['jku', 'jwk', 'x5u', 'x5c'] as const;

type VerifyToken = (token: string) => Promise<JWTPayload>;

/** The token is well-formed enough to read but must not be trusted; `reason` goes to the log. */
class TokenRefused extends Error {}

/** Keys could not be obtained (issuer down, bad JWKS): a server-side problem, answered 503 rather than 401. */
class KeySourceUnavailable extends Error {}

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

/** True for key-lookup failures caused by the token itself (unknown `kid`, wrong key type), not by the key source. */
function isTokenKeyError(error: unknown): boolean {
  return (
    error instanceof joseErrors.JWKSNoMatchingKey ||
    error instanceof joseErrors.JWKSMultipleMatchingKeys ||
    error instanceof joseErrors.JOSENotSupported ||
    error instanceof joseErrors.JOSEAlgNotAllowed
  );
}

/** Keys from the issuer's `jwks_uri` (found by discovery, fetched lazily and retried after a failure). */
function remoteKeys(issuer: string): JWTVerifyGetKey {
  let remote: Promise<JWTVerifyGetKey> | null = null;
  return async (header, token) => {
    remote ??= discoverJwksUri(issuer).then((uri) => createRemoteJWKSet(uri));
    try {
      const getKey = await remote.catch((error: unknown) => {
        remote = null;
        throw error;
      });
      return await getKey(header, token);
    } catch (error) {
      if (isTokenKeyError(error)) throw error;
      throw new KeySourceUnavailable(`issuer keys unavailable: ${(error as Error).message}`, { cause: error });
    }
  };
}

/** One base64url part of a JWS, without padding (RFC 7515 section 2). */
const BASE64URL_PART = /^[A-Za-z0-9_-]+$/;

/**
 * Refuses a token that is not three canonically spelt base64url parts (RFC 7515 sections 2 and
 * 7.1): no padding, no character outside the alphabet, and the bits of the last character that
 * encode no byte zero (RFC 4648 section 3.5), i.e. each part re-encodes to itself. Decoders ignore
 * those bits and the padding, so otherwise one signed token could be spelt 32 ways, each verifying
 * and each a new entry of the verified-token memory.
 */
function checkCanonical(token: string): void {
  const parts = token.split('.');
  const canonical =
    parts.length === 3 &&
    parts.every((part) => BASE64URL_PART.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part);
  if (!canonical) throw new TokenRefused('token is not three canonical base64url parts (RFC 7515 section 2)');
}

/** Refuses a token whose header carries or points at its own key. */
function checkHeader(token: string): void {
  const header = decodeProtectedHeader(token);
  const named = KEY_HEADERS.filter((name) => name in header);
  if (named.length) throw new TokenRefused(`token header names its own key (${named.join(', ')})`);
}

/** Refuses a token issued in the future (jose checks `iat` only together with `maxTokenAge`). */
function checkIssuedAt(claims: JWTPayload): void {
  if (typeof claims.iat === 'number' && claims.iat > Date.now() / 1000 + CLOCK_TOLERANCE_S) {
    throw new TokenRefused('iat claim is in the future');
  }
}

/**
 * Builds the verifier: RS256 (or OIDC_TOKEN_ALGORITHMS) only; `iss` and `aud` exact; `exp`, `iat`,
 * `sub` required; 30 s tolerance. Keys: with the built-in provider, the very key set it publishes
 * at its `jwks_uri` (same process, so no HTTP round trip), `typ` `at+jwt` and at most 15 minutes
 * old; otherwise the issuer's `jwks_uri`. Only canonical base64url is read (`checkCanonical`).
 * Rejects with a jose error, `TokenRefused` or `KeySourceUnavailable`. A token that verified is
 * remembered until its `exp` (or maximum age).
 */
export function createTokenVerifier(
  oidc: OidcConfig,
  builtinJwks: Parameters<typeof createLocalJWKSet>[0] | undefined,
): VerifyToken {
  const options: JWTVerifyOptions = {
    issuer: oidc.issuer,
    audience: oidc.audience,
    algorithms: oidc.algorithms,
    requiredClaims: ['exp', 'iat', 'sub'],
    clockTolerance: CLOCK_TOLERANCE_S,
  };
  let keys: JWTVerifyGetKey;
  if (oidc.kind === 'builtin') {
    if (!builtinJwks) throw new Error('built-in provider keys are missing');
    keys = createLocalJWKSet(builtinJwks);
    // RFC 9068 section 4: the `typ` tells an access token from an ID token signed by the same key.
    options.typ = 'at+jwt';
    options.maxTokenAge = BUILTIN_ACCESS_TOKEN_TTL_S;
  } else {
    keys = remoteKeys(oidc.issuer);
  }
  // A verified token is remembered until it would stop passing the time checks (`exp`, and the
  // maximum age), so a client's every request does not pay an RSA verification (bench:lists).
  // Only successes are remembered, keyed by the whole token: other bytes are verified afresh, and
  // only the canonical spelling is accepted, so one signed token is one entry.
  const verified = new Map<string, { payload: JWTPayload; until: number }>();
  return async (token) => {
    checkCanonical(token);
    const known = verified.get(token);
    if (known && Date.now() < known.until) return known.payload;
    if (known) verified.delete(token);
    checkHeader(token);
    const { payload } = await jwtVerify(token, keys, options);
    checkIssuedAt(payload);
    if (verified.size >= MAX_VERIFIED_TOKENS) verified.clear();
    verified.set(token, { payload: Object.freeze(payload), until: verifiedUntil(payload, options.maxTokenAge) });
    return payload;
  };
}

/** Verified tokens remembered per verifier before the memory is emptied (bounds memory under many clients). */
const MAX_VERIFIED_TOKENS = 10_000;

/**
 * Epoch ms until which a verified token still passes jose's time checks without the clock
 * tolerance: `exp`, and `iat` + `maxTokenAge` (seconds) when set. Past it, the token is verified
 * again (and then refused, or accepted within the tolerance).
 */
function verifiedUntil(payload: JWTPayload, maxTokenAge: JWTVerifyOptions['maxTokenAge']): number {
  const limits = [typeof payload.exp === 'number' ? payload.exp : 0];
  if (typeof maxTokenAge === 'number') limits.push((typeof payload.iat === 'number' ? payload.iat : 0) + maxTokenAge);
  else if (maxTokenAge !== undefined) limits.push(0);
  return Math.min(...limits) * 1000;
}

function failureReason(error: unknown): string {
  if (error instanceof joseErrors.JWTClaimValidationFailed || error instanceof joseErrors.JWTExpired) {
    return `${error.code}: ${error.claim} ${error.reason}`;
  }
  if (error instanceof joseErrors.JOSEError) return `${error.code}: ${error.message}`;
  if (error instanceof TokenRefused) return error.message;
  return `verification error: ${(error as Error).message}`;
}

/** The `sub` of a token whose signature verified but whose claims failed (expired, wrong audience …). */
function verifiedSubject(error: unknown): string | undefined {
  if (!(error instanceof joseErrors.JWTClaimValidationFailed || error instanceof joseErrors.JWTExpired)) {
    return undefined;
  }
  return typeof error.payload.sub === 'string' ? error.payload.sub : undefined;
}

type Denial = { reason: string; hadToken: boolean; subject?: string };

function deny(request: FastifyRequest, reply: FastifyReply, { reason, hadToken, subject }: Denial): FastifyReply {
  request.log.warn(
    { reason, route: request.routeOptions.url, method: request.method, ...(subject ? { subject } : {}) },
    'authentication failed',
  );
  // RFC 6750 section 3.1: no error code when the request carried no credentials at all.
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

function unavailable(request: FastifyRequest, reply: FastifyReply, error: KeySourceUnavailable): FastifyReply {
  request.log.error(
    { reason: error.message, route: request.routeOptions.url, method: request.method },
    'authentication unavailable',
  );
  return reply.code(503).header('retry-after', '30').send({
    statusCode: 503,
    error: 'service_unavailable',
    message: 'Sign-in cannot be checked right now. Try again in a moment.',
  });
}

/** A claim's text, when it is a non-empty string the database can store (no U+0000, no unpaired surrogate). */
function stringClaim(claims: JWTPayload, name: string): string | undefined {
  const value = claims[name];
  return typeof value === 'string' && value && isStorableText(value) ? value : undefined;
}

/**
 * The token's group claim as a list; accepts a JSON array or a space-separated string. Names the
 * database cannot store (U+0000, an unpaired surrogate) are left out.
 */
export function groupsFromClaims(claims: JWTPayload, claimName: string): string[] {
  const value = claims[claimName];
  const groups = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/\s+/) : [];
  return groups.filter((g): g is string => typeof g === 'string' && g !== '' && isStorableText(g));
}

/** Role-group names that OIDC_GROUP_MAP assigns to the token's groups (none when unmapped). */
export function mappedRoleGroups(groups: readonly string[], groupMap: Readonly<Record<string, string[]>>): string[] {
  return [...new Set(groups.flatMap((group) => (Object.hasOwn(groupMap, group) ? (groupMap[group] ?? []) : [])))];
}

/** Name and e-mail from standard claims; Entra ID puts the e-mail in `preferred_username` when `email` is absent. */
export function identityFromClaims(claims: JWTPayload, subject: string): { name: string; email: string | null } {
  const username = stringClaim(claims, 'preferred_username');
  const email = stringClaim(claims, 'email') ?? (username?.includes('@') ? username : undefined) ?? null;
  return { name: stringClaim(claims, 'name') ?? username ?? email ?? subject, email };
}

/** Token68 syntax of RFC 6750 section 2.1; the scheme name is case-insensitive (RFC 9110 section 11.1). */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/** Logs a 403 a route raised for a signed-in user (authorization failure) with its reason and the user id. */
function logForbidden(request: FastifyRequest, error: FastifyError | HttpError): void {
  if (error.statusCode !== 403) return;
  request.log.warn(
    { reason: error.message, route: request.routeOptions.url, method: request.method, userId: request.user?.id },
    'authorization failed',
  );
}

/** See the module comment. Needs `app.db`; with the built-in provider also `app.builtinJwks`. */
export const authPlugin = sharedPlugin(async (app: FastifyInstance) => {
  const { oidc } = app.config;
  const verify = createTokenVerifier(oidc, app.builtinJwks);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api')) return undefined;
    const { permission } = request.routeOptions.config;
    if (!isRoutePermission(permission)) {
      request.log.error({ route, method: request.method }, 'route declares no permission: denied');
      return reply.code(500).send({
        statusCode: 500,
        error: 'internal_server_error',
        message: 'This route declares no permission and is closed.',
      });
    }
    if (permission === 'public') return undefined;
    const header = request.headers.authorization;
    const token = header ? BEARER.exec(header)?.[1] : undefined;
    if (!token) {
      return deny(request, reply, {
        reason: header ? 'malformed Authorization header' : 'no token',
        hadToken: Boolean(header),
      });
    }
    let claims: JWTPayload;
    try {
      claims = await verify(token);
    } catch (error) {
      if (error instanceof KeySourceUnavailable) return unavailable(request, reply, error);
      return deny(request, reply, { reason: failureReason(error), hadToken: true, subject: verifiedSubject(error) });
    }
    const subject = claims.sub;
    if (typeof subject !== 'string' || !subject || !isStorableText(subject)) {
      return deny(request, reply, {
        reason: 'sub claim is not a non-empty string the database can store',
        hadToken: true,
      });
    }
    const { name, email } = identityFromClaims(claims, subject);
    const id = await upsertUser(app.db, { issuer: oidc.issuer, subject, name, email });
    const groups = groupsFromClaims(claims, oidc.groupsClaim);
    const access = await cachedEffectiveAccess(app.db, id, groups, mappedRoleGroups(groups, oidc.groupMap));
    request.user = { id, issuer: oidc.issuer, subject, name, email, ...access };
    if (!permits(request.user, permission)) {
      const needed = permission === 'signed-in' ? 'a signed-in user' : describePermission(permission);
      request.log.warn(
        { reason: `needs ${needed}`, route, method: request.method, userId: id },
        'authorization failed',
      );
      return reply.code(403).send({ statusCode: 403, error: 'forbidden', message: `This needs ${needed}.` });
    }
    return undefined;
  });
  app.addHook('onError', async (request, _reply, error: FastifyError | HttpError) => logForbidden(request, error));
  await warnAboutUnknownMappedGroups(app);
});

/** Start-up warning for OIDC_GROUP_MAP names that match no role group (a typo would silently grant nothing). */
async function warnAboutUnknownMappedGroups(app: FastifyInstance): Promise<void> {
  const wanted = [...new Set(Object.values(app.config.oidc.groupMap).flat())];
  if (!wanted.length) return;
  const known = new Set(await roleGroupNames(app.db));
  const unknown = wanted.filter((name) => !known.has(name));
  if (unknown.length) app.log.warn({ unknown }, 'OIDC_GROUP_MAP names role groups that do not exist');
}
